// Imported by style-worker.ts, which Node runs from the sources as it is: hence the `.ts` paths.
import type { StyleFamily } from './families.ts';
import { fromBytes, mix, toBytes } from './raster.ts';
import { renderStyle } from './renderers.ts';

/** A picture at the style's working size, as raw RGB, and how to render it. */
export interface PaintTask {
  /** Its own memory, so that it can move to a style thread. */
  pixels: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  style: StyleFamily;
  /** Scale of the style's strokes and cells: 1 at a 1000 px long edge. */
  unit: number;
  seed: number;
  /** 0–1, between the photo and the full style. */
  intensity: number;
}

/** The picture in the style, as raw RGB: every per-pixel loop of a style, run in a style thread. */
export function paint({ pixels, width, height, style, unit, seed, intensity }: PaintTask): Buffer {
  const original = fromBytes(pixels, width, height, 3);
  const styled = renderStyle(original, style, unit, seed);
  if (intensity < 1)
    styled.data.forEach((value, index) => (styled.data[index] = mix(original.data[index] ?? 0, value, intensity)));
  return toBytes(styled);
}
