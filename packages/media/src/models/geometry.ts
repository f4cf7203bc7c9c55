/** A point in pixels of the picture it was found in. */
export interface Point {
  x: number;
  y: number;
}

/** A rectangle in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Raw 8-bit RGB pixels, row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export function scalePoint({ x, y }: Point, scale: number): Point {
  return { x: x * scale, y: y * scale };
}

export function scaleBox({ left, top, width, height }: Box, scale: number): Box {
  return { left: left * scale, top: top * scale, width: width * scale, height: height * scale };
}

/** The smallest box holding every point. */
export function boxAround(points: readonly Point[]): Box {
  const xs = points.map(({ x }) => x);
  const ys = points.map(({ y }) => y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

export function intersectionOverUnion(a: Box, b: Box): number {
  const width = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const height = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  const shared = Math.max(0, width) * Math.max(0, height);
  const union = a.width * a.height + b.width * b.height - shared;
  return union > 0 ? shared / union : 0;
}

/**
 * A model that takes a square input sees the picture scaled to fit and padded at the bottom and
 * right: `scale` maps the square's pixels back to the picture's.
 */
export interface Letterbox {
  size: number;
  scale: number;
}

export function letterboxFor(image: { width: number; height: number }, size: number): Letterbox {
  return { size, scale: Math.max(image.width, image.height) / size };
}
