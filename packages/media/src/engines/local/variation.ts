import { chain, exposure, gains, hueRotation, IDENTITY, type Grade } from './grade';

/** What a render's seed changes: the framing (a slight zoom on a shifted window) and the palette. */
export interface Variation {
  /** 1 for none; the picture is enlarged by this much and a window of the target size kept. */
  zoom: number;
  /** Where that window sits in the enlarged picture, 0–1 across and down. */
  left: number;
  top: number;
  grade: Grade;
}

export const NO_VARIATION: Variation = { zoom: 1, left: 0.5, top: 0.5, grade: IDENTITY };

/** Numbers from a seed, the same for the same seed (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The variation a seed gives: each render of the same settings is framed a little differently
 * (zoomed 3–8 % on a window that moves) and graded a little differently (hue ±8°, a warmer or
 * cooler white, exposure ±4 %), so two renders are two pictures, and the same seed the same one.
 */
export function variationFor(seed: number | undefined): Variation {
  if (seed === undefined) return NO_VARIATION;
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const warmth = between(-0.04, 0.04);
  return {
    zoom: between(1.03, 1.08),
    left: random(),
    top: random(),
    grade: chain([hueRotation(between(-8, 8)), gains(1 + warmth, 1, 1 - warmth), exposure(between(0.96, 1.04))]),
  };
}
