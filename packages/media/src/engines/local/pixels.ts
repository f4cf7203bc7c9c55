import { setImmediate as nextTurn } from 'node:timers/promises';
import { DECODE_OPTIONS } from '../../decode';
import { sharp, type Sharp } from '../../sharp';

/** Raw 8-bit RGB pixels, row by row. */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A picture between the steps of a render: the upload's own bytes, or the upright RGB pixels a step
 * made. A step hands its pixels on as they are: an intermediate JPEG cost more than the step itself
 * at 12 MP (about 0.45 s to encode, 0.1 s to decode again) and lost a little each time.
 */
export type WorkPicture = Buffer | RawPicture;

export function isRaw(picture: WorkPicture): picture is RawPicture {
  return !Buffer.isBuffer(picture);
}

/** A pipeline of raw pixels. */
export function rawPipeline({ data, width, height }: RawPicture): Sharp {
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** The picture upright, on white, in sRGB: a pipeline to go on with. */
export function upright(picture: WorkPicture): Sharp {
  if (isRaw(picture)) return rawPipeline(picture);
  return sharp(picture, DECODE_OPTIONS).autoOrient().flatten({ background: '#ffffff' }).toColourspace('srgb');
}

/** The picture upright, on white, as RGB pixels. */
export async function uprightPixels(picture: WorkPicture): Promise<RawPicture> {
  if (isRaw(picture)) return picture;
  return pixelsOf(upright(picture));
}

/** A pipeline's picture as the next step's pixels (an alpha band dropped). */
export async function pixelsOf(pipeline: Sharp): Promise<RawPicture> {
  const { data, info } = await pipeline.toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels a step computed, as the next step's picture (no copy). */
export function rawPicture(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): RawPicture {
  return { data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
}

/**
 * The picture as a file, for what reads files (the models' analysis): encoded at high quality with
 * full-resolution colour, the way an upload is.
 */
export function encodedPicture(picture: WorkPicture): Promise<Buffer> {
  if (!isRaw(picture)) return Promise.resolve(picture);
  return rawPipeline(picture).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
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
