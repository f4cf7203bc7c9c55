/** An sRGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Hue in degrees, saturation and lightness 0–1. */
export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const spread = saturation * Math.min(lightness, 1 - lightness);
  const channel = (shift: number) => {
    const k = (shift + (((hue % 360) + 360) % 360) / 30) % 12;
    return Math.round(255 * (lightness - spread * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
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
