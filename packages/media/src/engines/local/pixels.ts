import { setImmediate as nextTurn } from 'node:timers/promises';
import { DECODE_OPTIONS } from '../../decode';
import { sharp, type Sharp } from '../../sharp';

/** Raw 8-bit RGB pixels, row by row. */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** The picture upright, on white, in sRGB: a pipeline to go on with. */
export function upright(image: Buffer): Sharp {
  return sharp(image, DECODE_OPTIONS).autoOrient().flatten({ background: '#ffffff' }).toColourspace('srgb');
}

/** The picture upright, on white, as RGB pixels. */
export async function uprightPixels(image: Buffer): Promise<RawPicture> {
  const { data, info } = await upright(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** How intermediate pictures are encoded: high quality, full-resolution colour. */
export const INTERMEDIATE_JPEG = { quality: 95, chromaSubsampling: '4:4:4' } as const;

/**
 * A picture made before the looks are rendered (a scene, a crop, a lens), handed on as a JPEG at
 * high quality with full-resolution colour, the way an upload is.
 */
export function intermediateJpeg(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Promise<Buffer> {
  return encodedIntermediate(
    sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 3 } }),
  );
}

/** A pipeline's picture as an intermediate JPEG (see intermediateJpeg): an alpha band is dropped. */
export function encodedIntermediate(pipeline: Sharp): Promise<Buffer> {
  return pipeline.jpeg(INTERMEDIATE_JPEG).toBuffer();
}

/** Pixels worked on between two turns of the event loop (a few milliseconds), so a 12 MP picture never stalls it. */
const PIXELS_PER_TURN = 32_768;

/** Runs `row` for each row of a picture `width` pixels wide, yielding to the event loop every few rows. */
export async function eachRow(width: number, height: number, row: (y: number) => void): Promise<void> {
  const rowsPerTurn = Math.max(1, Math.floor(PIXELS_PER_TURN / width));
  for (let y = 0; y < height; y += 1) {
    row(y);
    if (y % rowsPerTurn === rowsPerTurn - 1) await nextTurn();
  }
}
