import type { Selection } from '@atelier/catalog';
import { describe, expect, it } from 'vitest';
import { PHOTO_NAMES, luminances, meanAndSpread, readPhoto } from '../../../test/support/photos';
import { EXPOSURE_RANGE, MIN_SPREAD, levelsFor } from './exposure';
import { LocalImageEngine } from './image-engine';

const engine = new LocalImageEngine();

const pick = (parts: Record<string, string>): Selection =>
  Object.fromEntries(Object.entries(parts).map(([category, id]) => [category, { id, name: id }]));

/** Stacks that darken, brighten or flatten on their own; the first one gave a near-black picture. */
const STACKS = [
  { style: 'stained-glass', lighting: 'low-key', camera: 'tilt-shift' },
  { style: 'film-noir', lighting: 'low-key', camera: 'security-cam' },
  { style: 'linocut', lighting: 'silhouette', camera: 'soft-focus' },
  { style: 'pencil-sketch', lighting: 'high-key', camera: 'bokeh' },
  { style: 'watercolor', lighting: 'high-key', camera: 'soft-focus' },
  { style: 'pixel-art', lighting: 'moonlight', camera: 'motion-blur' },
  { style: 'daguerreotype', lighting: 'low-key', camera: 'fisheye' },
  { style: 'minimalism', lighting: 'overcast', camera: 'high-angle' },
  { style: 'engraving', lighting: 'chiaroscuro', camera: 'close-up' },
] as const;

describe('exposure of stacked options', () => {
  it.each(PHOTO_NAMES)(
    'keeps %s between dark and blown out, with contrast, under three stacked options',
    { timeout: 240_000 },
    async (name) => {
      const image = await readPhoto(name);
      for (const stack of STACKS) {
        const result = await engine.transform({ image, prompt: '', selection: pick(stack) });
        const { mean, spread } = meanAndSpread((await luminances(result.image)).values);
        const label = Object.values(stack).join(' + ');
        expect(mean, label).toBeGreaterThanOrEqual(0.2);
        expect(mean, label).toBeLessThanOrEqual(0.8);
        expect(spread, label).toBeGreaterThan(0.06);
      }
    },
  );

  it('brings a near-black picture back into range and leaves a well-exposed one alone', () => {
    const dark = Float32Array.from({ length: 1000 }, (_, index) => 0.02 + (0.06 * ((index * 37) % 100)) / 100);
    const levels = levelsFor(dark);
    const corrected = meanAndSpread(dark.map((value) => Math.min(1, Math.max(0, levels.gain * value + levels.offset))));
    expect(corrected.mean).toBeGreaterThanOrEqual(EXPOSURE_RANGE.low);
    expect(corrected.spread).toBeGreaterThanOrEqual(MIN_SPREAD);
    const fine = Float32Array.from({ length: 1000 }, (_, index) => ((index * 37) % 100) / 100);
    expect(levelsFor(fine)).toEqual({ gain: 1, offset: 0 });
  });

  it('pulls a blown-out picture down into range', () => {
    const bright = Float32Array.from({ length: 1000 }, (_, index) => 0.85 + (0.15 * ((index * 37) % 100)) / 100);
    const levels = levelsFor(bright);
    const corrected = meanAndSpread(
      bright.map((value) => Math.min(1, Math.max(0, levels.gain * value + levels.offset))),
    );
    expect(corrected.mean).toBeLessThanOrEqual(EXPOSURE_RANGE.high);
    expect(corrected.mean).toBeGreaterThanOrEqual(EXPOSURE_RANGE.low);
  });
});
