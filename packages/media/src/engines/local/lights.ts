import type { Rgb } from '../../color';

/** Where a light comes from: one side (left or right, by the option's dice), high on one side, above, below, or behind the person. */
export type Direction = 'side' | 'high-side' | 'above' | 'below' | 'behind';

/** The grade a light leaves on the whole picture (recipes.ts). */
export type Mood = 'warm' | 'cool' | 'night' | 'bright' | 'contrast' | 'haze' | 'vivid' | 'silhouette';

/** How the local engine renders a lighting option: the light on the person (relight.ts) and the grade of the whole picture. */
export interface Lighting {
  from: Direction;
  colour: Rgb;
  /** 0 hard (deep shadow on the far side) to 1 soft (nearly even). */
  softness: number;
  /** The background's brightness under this light (1 unchanged). */
  background: number;
  moods: readonly Mood[];
}

const WHITE_LIGHT: Rgb = [255, 246, 236];
const WARM: Rgb = [255, 196, 130];
const COOL: Rgb = [176, 204, 255];
const GOLD: Rgb = [212, 175, 55];
const ORANGE: Rgb = [251, 140, 0];
const DEEP_BLUE: Rgb = [30, 136, 229];

const SOFT = 0.85;
const MEDIUM = 0.5;
const HARD = 0.15;
/** The background's brightness: a night or a dark stage dims it, a high-key or backlit one brightens it. */
const DIM = 0.6;
const KEPT = 0.92;
const BRIGHT = 1.15;

const light = (
  from: Direction,
  colour: Rgb,
  softness: number,
  background: number,
  moods: readonly Mood[] = [],
): Lighting => ({ from, colour, softness, background, moods });

/**
 * Every lighting option the local engine renders, by id (the studio's and the workflow editor's):
 * the options missing here are the cloud engine's alone (@atelier/catalog's CLOUD_ONLY_OPTIONS).
 * The option's prompt plays no part: it is the cloud engine's instruction.
 */
export const LIGHTINGS: Readonly<Record<string, Lighting>> = {
  // Daylight
  'golden-hour': light('high-side', GOLD, SOFT, KEPT, ['warm']),
  'blue-hour': light('high-side', DEEP_BLUE, MEDIUM, KEPT, ['cool']),
  sunrise: light('high-side', [244, 143, 177], SOFT, KEPT, ['warm']),
  sunset: light('high-side', ORANGE, MEDIUM, KEPT, ['warm']),
  'midday-sun': light('above', WHITE_LIGHT, HARD, KEPT, ['bright', 'contrast']),
  overcast: light('high-side', WHITE_LIGHT, SOFT, KEPT, ['bright']),
  'winter-light': light('high-side', COOL, HARD, KEPT, ['cool']),
  'north-light': light('high-side', COOL, SOFT, KEPT, ['cool', 'bright']),
  'midnight-sun': light('side', GOLD, MEDIUM, KEPT, ['warm']),
  // Studio
  softbox: light('high-side', WHITE_LIGHT, SOFT, KEPT, ['bright']),
  rembrandt: light('side', WHITE_LIGHT, MEDIUM, KEPT, ['contrast']),
  'split-light': light('side', WHITE_LIGHT, HARD, KEPT, ['contrast']),
  // The rim is drawn on the person's outline (relight.ts): no grade darkens it.
  'rim-light': light('behind', WHITE_LIGHT, MEDIUM, KEPT),
  silhouette: light('behind', WHITE_LIGHT, MEDIUM, BRIGHT, ['silhouette']),
  'high-key': light('high-side', WHITE_LIGHT, SOFT, BRIGHT, ['bright']),
  'low-key': light('high-side', WHITE_LIGHT, HARD, DIM, ['night']),
  chiaroscuro: light('high-side', WHITE_LIGHT, HARD, DIM, ['night', 'contrast']),
  'direct-flash': light('high-side', WHITE_LIGHT, HARD, KEPT, ['bright']),
  'colored-gels': light('high-side', [255, 0, 255], MEDIUM, KEPT, ['vivid']),
  'stage-spotlight': light('above', WHITE_LIGHT, HARD, DIM, ['night', 'contrast']),
  // Night and artificial
  candlelight: light('high-side', WARM, MEDIUM, DIM, ['warm']),
  fireplace: light('high-side', ORANGE, MEDIUM, KEPT, ['warm']),
  campfire: light('below', WARM, MEDIUM, DIM, ['warm', 'night']),
  moonlight: light('high-side', COOL, MEDIUM, DIM, ['cool']),
  lantern: light('high-side', WARM, MEDIUM, KEPT, ['warm']),
  blacklight: light('high-side', [160, 100, 255], MEDIUM, DIM, ['vivid']),
  torchlight: light('high-side', ORANGE, MEDIUM, DIM, ['warm']),
  'lava-glow': light('below', [229, 57, 53], MEDIUM, KEPT, ['warm']),
  'hologram-glow': light('high-side', [0, 188, 212], MEDIUM, KEPT, ['cool', 'vivid']),
  'sodium-vapor': light('above', ORANGE, MEDIUM, DIM, ['warm']),
  tungsten: light('high-side', WARM, MEDIUM, KEPT, ['warm']),
  fluorescent: light('above', [220, 255, 225], SOFT, KEPT, ['bright']),
  'tv-glow': light('high-side', DEEP_BLUE, MEDIUM, DIM, ['cool', 'night']),
};
