import { setImmediate as nextTurn } from 'node:timers/promises';
import { DECODE_OPTIONS } from '../../decode';
import { sharp } from '../../sharp';

/** Raw 8-bit RGB pixels, row by row. */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** The picture upright, on white, as RGB pixels. */
export async function uprightPixels(image: Buffer): Promise<RawPicture> {
  const { data, info } = await sharp(image, DECODE_OPTIONS).autoOrient().flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A picture made before the looks are rendered (a scene, a crop, a lens), handed on as a JPEG at
 * high quality with full-resolution colour, the way an upload is.
 */
export function intermediateJpeg(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Rows worked on between two turns of the event loop, so a 12 MP picture never stalls it. */
const ROWS_PER_TURN = 32;

/** Runs `row` for each row, yielding to the event loop every few rows. */
export async function eachRow(height: number, row: (y: number) => void): Promise<void> {
  for (let y = 0; y < height; y += 1) {
    row(y);
    if (y % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
  }
}
