import type { CategoryId } from '@atelier/catalog';
import { chain, exposure, gains, hueRotation, IDENTITY, type Grade } from './grade';
import type { Choice } from './recipes';

/**
 * The categories that re-imagine the picture: a render of them is graded a little differently for
 * each seed. The others keep the photo (format, HD, lighting, camera, colours): their seed changes
 * nothing, never the picture's frame or tones.
 */
const REIMAGINING: ReadonlySet<CategoryId> = new Set(['style']);

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
 * The grade a seed gives a render that re-imagines the picture (hue ±8°, a warmer or cooler white,
 * exposure ±4 %), so two renders are two pictures and the same seed the same one; none otherwise.
 * The framing never varies: the person stays where the photo has them.
 */
export function variationFor(seed: number | undefined, choices: readonly Choice[]): Grade {
  if (seed === undefined || !choices.some(({ category }) => REIMAGINING.has(category))) return IDENTITY;
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const warmth = between(-0.04, 0.04);
  return chain([hueRotation(between(-8, 8)), gains(1 + warmth, 1, 1 - warmth), exposure(between(0.96, 1.04))]);
}
