import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The real photographs shared by every checkout (../shared/photos beside the repository). */
export const PHOTO_NAMES = ['astronaut', 'chelsea', 'coffee', 'rocket'] as const;

const PHOTO_DIR = fileURLToPath(new URL('../../../../../shared/photos/', import.meta.url));

export function readPhoto(name: (typeof PHOTO_NAMES)[number]): Promise<Buffer> {
  return readFile(`${PHOTO_DIR}${name}.jpg`);
}

/** Luminance (0–1) of each pixel of an image scaled to fit `size`, with its size. */
export async function luminances(
  image: Buffer,
  size = 128,
): Promise<{ values: Float32Array; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .resize(size, size, { fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { values: Float32Array.from(data, (value) => value / 255), width: info.width, height: info.height };
}

export function meanAndSpread(values: Float32Array): { mean: number; spread: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return { mean, spread: Math.sqrt(variance) };
}

/** Pearson's correlation of two equally long series: 1 when one follows the other exactly. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const mean = (values: ArrayLike<number>) => Array.from(values).reduce((sum, value) => sum + value, 0) / values.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  for (let index = 0; index < a.length; index += 1) {
    const [da, db] = [(a[index] ?? 0) - ma, (b[index] ?? 0) - mb];
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return ab / Math.sqrt(aa * bb);
}
