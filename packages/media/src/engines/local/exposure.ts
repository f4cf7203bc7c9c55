import { DECODE_OPTIONS } from '../../decode';
import { JPEG_OUTPUT } from '../../limits';
import { sharp } from '../../sharp';
import type { TransformedImage } from '../types';

/** Mean luminance the result must keep (0–1), and the least spread of luminance it may have. */
export const EXPOSURE_RANGE = { low: 0.25, high: 0.78 } as const;
export const MIN_SPREAD = 0.09;

/** The side of the small copy the guard measures: shrink-on-load makes it cheap even for 12 MP. */
const PROBE_SIZE = 96;

interface Levels {
  gain: number;
  offset: number;
}

/** What the result must keep: a mean luminance within [low, high] and at least this spread. */
export interface ExposureBounds {
  low: number;
  high: number;
  spread: number;
}

export const SANE_EXPOSURE: ExposureBounds = { ...EXPOSURE_RANGE, spread: MIN_SPREAD };

/**
 * The bounds for a result of this source photo: the sane range, widened to the photo's own mean
 * and spread, so a night shot or a misty one keeps its mood; only what the options did is corrected.
 */
export function boundsFor(source: Float32Array): ExposureBounds {
  const { mean, spread } = statistics(source, { gain: 1, offset: 0 });
  return {
    low: Math.min(EXPOSURE_RANGE.low, mean),
    high: Math.max(EXPOSURE_RANGE.high, mean),
    spread: Math.min(MIN_SPREAD, spread * 0.8),
  };
}

function statistics(values: Float32Array, { gain, offset }: Levels): { mean: number; spread: number } {
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    const mapped = Math.min(1, Math.max(0, gain * value + offset));
    sum += mapped;
    squares += mapped * mapped;
  }
  const mean = sum / values.length;
  return { mean, spread: Math.sqrt(Math.max(0, squares / values.length - mean * mean)) };
}

function percentile(sorted: Float32Array, fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/**
 * The affine levels (out = gain·in + offset, clipped) that bring a picture's luminance back into a
 * sane range: first an auto-levels stretch of the 1st–99th percentiles when the picture is flat,
 * then a gain towards white or black until the mean is inside the range. Identity when it already is.
 */
export function levelsFor(luminances: Float32Array, bounds: ExposureBounds = SANE_EXPOSURE): Levels {
  const identity = { gain: 1, offset: 0 };
  const before = statistics(luminances, identity);
  if (before.mean >= bounds.low && before.mean <= bounds.high && before.spread >= bounds.spread) return identity;
  const sorted = Float32Array.from(luminances).sort();
  const low = percentile(sorted, 0.01);
  const high = percentile(sorted, 0.99);
  let levels = identity;
  if (before.spread < bounds.spread && high - low > 1e-3) {
    const gain = Math.min(6, 0.9 / (high - low));
    levels = { gain, offset: 0.05 - gain * low };
  }
  // Stretched in small steps until the mean is in range: away from black when too dark (black
  // stays black), away from white when too bright (white paper stays white, lines and mid-tones darken).
  for (let round = 0; round < 24; round += 1) {
    const { mean } = statistics(luminances, levels);
    if (mean < bounds.low) levels = { gain: levels.gain * 1.12, offset: levels.offset * 1.12 + 0.01 };
    else if (mean > bounds.high) levels = { gain: levels.gain * 1.12, offset: 1 - 1.12 * (1 - levels.offset) };
    else break;
  }
  return levels;
}

/** Luminances (0–1) of a small copy of an image. */
async function probe(image: Buffer): Promise<Float32Array> {
  const data = await sharp(image, DECODE_OPTIONS)
    .resize(PROBE_SIZE, PROBE_SIZE, { fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer();
  return Float32Array.from(data, (value) => value / 255);
}

/** The bounds a result of this source photo must keep (see boundsFor), measured on a small copy. */
export async function exposureBoundsOf(source: Buffer): Promise<ExposureBounds> {
  return boundsFor(await probe(source));
}

/**
 * Keeps a result's exposure sane whatever options were stacked: measured on a small copy of the
 * result against its source's bounds (which the engine measures while it renders), and only when
 * the options pushed the mean luminance or its spread out of range is the picture re-levelled and
 * re-encoded, so a normal result costs one small decode here.
 */
export async function exposureGuarded(result: TransformedImage, bounds: ExposureBounds): Promise<TransformedImage> {
  const levels = levelsFor(await probe(result.image), bounds);
  if (levels.gain === 1 && levels.offset === 0) return result;
  const image = await sharp(result.image)
    .linear(levels.gain, levels.offset * 255)
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
  return { ...result, image };
}
