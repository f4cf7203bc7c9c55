import { css, type Rgb } from './color';

/** A number for SVG markup: one decimal is finer than any pixel we render. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export type Stop = readonly [offset: number, colour: Rgb, opacity: number];

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([offset, colour, opacity]) =>
        `<stop offset="${n(offset)}" stop-color="${css(colour)}" stop-opacity="${opacity.toFixed(3)}"/>`,
    )
    .join('');
}

/** A gradient along the line (x1, y1) → (x2, y2) in fractions of the filled shape's box. */
export function linearGradient(
  id: string,
  [x1, y1, x2, y2]: readonly [number, number, number, number],
  stops: readonly Stop[],
): string {
  return `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsMarkup(stops)}</linearGradient>`;
}

/** A radial gradient in user coordinates (circles stay round whatever the frame's shape). */
export function radialGradient(
  id: string,
  centre: { x: number; y: number; r: number },
  stops: readonly Stop[],
): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(centre.x)}" cy="${n(centre.y)}" r="${n(centre.r)}">${stopsMarkup(stops)}</radialGradient>`;
}

/** A smooth closed path along a ridge of points, closed down to the bottom edge at `bottom`. */
export function ridge(points: readonly (readonly [number, number])[], bottom: number): string {
  const [first] = points;
  const last = points.at(-1);
  if (!first || !last) return '';
  let path = `M${n(first[0])} ${n(bottom)} L${n(first[0])} ${n(first[1])}`;
  for (let index = 1; index < points.length; index += 1) {
    const [x0, y0] = points[index - 1] ?? first;
    const [x1, y1] = points[index] ?? last;
    path += ` Q${n(x0)} ${n(y0)} ${n((x0 + x1) / 2)} ${n((y0 + y1) / 2)}`;
  }
  return `${path} L${n(last[0])} ${n(last[1])} L${n(last[0])} ${n(bottom)} Z`;
}

/**
 * A whole SVG document of `width` × `height` pixels whose drawing uses a `viewWidth` × `viewHeight`
 * frame: stretched to the pixels by default, or (`xMidYMid slice`) scaled to cover them and cropped.
 */
export function svgDocument(
  width: number,
  height: number,
  viewWidth: number,
  viewHeight: number,
  body: string,
  fit: 'none' | 'xMidYMid slice' = 'none',
): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${n(viewWidth)} ${n(viewHeight)}" preserveAspectRatio="${fit}">${body}</svg>`,
  );
}

/** Path data from its drawing commands, one per argument so that long outlines read line by line. */
export function pathData(...commands: string[]): string {
  return commands.join(' ');
}
