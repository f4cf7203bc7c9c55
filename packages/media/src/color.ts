/** An sRGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Each channel of a colour (or of per-channel factors) through `f`. */
export function eachChannel(colour: Rgb, f: (value: number) => number): Rgb {
  return [f(colour[0]), f(colour[1]), f(colour[2])];
}

export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const channel = (index: 0 | 1 | 2) => Math.round(a[index] + (b[index] - a[index]) * amount);
  return [channel(0), channel(1), channel(2)];
}

/** For SVG attributes. */
export function css(colour: Rgb): string {
  return `#${colour
    .map((value) =>
      Math.max(0, Math.min(255, Math.round(value)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
