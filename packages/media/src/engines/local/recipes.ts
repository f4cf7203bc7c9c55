import {
  getColor,
  getOption,
  type CatalogOption,
  type CategoryId,
  type ColorChoices,
  type PaletteColor,
} from '@atelier/catalog';
import { hexToRgb, type Rgb } from '../../color';
import { Dice } from '../../hash';
import {
  INFRARED,
  SEPIA,
  chain,
  contrast,
  duotone,
  exposure,
  gains,
  hueRotation,
  lift,
  saturation,
  tint,
  type Grade,
} from './grade';
import { IDENTITY_KERNEL, sharpening } from './kernel';
import { LIGHTINGS, type Mood } from './lights';
import { NEUTRAL_LOOK, combineLooks, look, type Look } from './look';
import { styleFamily, type PhotoGrade } from './styles/families';
import { isNeutral, OPTION_COLORS } from './option-colors';

/**
 * One recipe family per category, with per-option parameters from the option's own data (format
 * and upscale) or its row in a table by id (styles: styles/families.ts, lighting: lights.ts,
 * upscale finishes below), and a dice seeded by its id.
 */
export interface Choice {
  category: CategoryId;
  option: CatalogOption;
}

interface RecipeInput {
  choice: Choice;
  dice: Dice;
  /** The user's colour for this option and its parts, then the option's own (option-colors.ts). */
  colours: readonly Rgb[];
}

const grade = (...grades: Grade[]): Look => look({ grade: chain(grades) });

/** A small grade of the option's own: a shift of hue, saturation, contrast and warmth within `spread`. */
function signature(dice: Dice, spread: number): Grade {
  const warmth = dice.between(-0.08, 0.08) * spread;
  return chain([
    hueRotation(dice.between(-18, 18) * spread),
    saturation(1 + dice.between(-0.2, 0.35) * spread),
    contrast(1 + dice.between(-0.1, 0.25) * spread),
    gains(1 + warmth, 1, 1 - warmth),
  ]);
}

/** Each photographic grade a style of the photo family names (styles/families.ts), in its order. */
const PHOTO_GRADES: Readonly<Record<PhotoGrade, (dice: Dice) => Look>> = {
  monochrome: () => grade(saturation(0), contrast(1.15)),
  vintage: () => grade(lift(28), saturation(0.8), gains(1.06, 1, 0.9)),
  sepia: () => grade(SEPIA),
  contrast: () => look({ grade: contrast(1.3), tone: 1.1 }),
  infrared: () => grade(INFRARED),
  dark: () => grade(exposure(0.85), contrast(1.15), saturation(0.8)),
  cyanotype: () => grade(duotone([10, 38, 92], [232, 241, 255])),
  neon: () => grade(saturation(1.5), contrast(1.2)),
  pixel: (dice) => look({ pixelate: dice.between(0.009, 0.02), grade: saturation(1.15) }),
  glitch: (dice) => grade(hueRotation(dice.between(30, 70)), contrast(1.25), gains(1.15, 0.9, 1.1)),
  soft: (dice) => look({ grade: chain([lift(20), saturation(0.85)]), blur: dice.between(0.8, 1.4) }),
};

/** The grade each mood of a light leaves on the whole picture (lights.ts). */
const MOOD_LOOKS: Readonly<Record<Mood, (dice: Dice) => Look>> = {
  warm: (dice) => grade(gains(1.12, 1, dice.between(0.78, 0.86))),
  cool: (dice) => grade(gains(dice.between(0.84, 0.9), 0.98, 1.14)),
  night: () => look({ grade: chain([exposure(0.72), contrast(1.15)]), tone: 1.15 }),
  bright: () => grade(exposure(1.18), contrast(0.92)),
  contrast: () => grade(contrast(1.3)),
  haze: () => grade(lift(35), saturation(0.8), contrast(0.85)),
  vivid: () => grade(saturation(1.35), contrast(1.1)),
  silhouette: () => look({ grade: contrast(1.45), tone: 1.25 }),
};

/** Tints towards the option's colours, the user's first (neutral ones excepted). */
function tints(colours: readonly Rgb[], amount: number): Look {
  return grade(...colours.slice(0, 2).map((colour) => tint(colour, amount)));
}

/**
 * A style of a rendering family (styles/families.ts) is drawn by the style engine; its look only
 * adds a small grade of its own and the chosen colours. Photographic looks are grades, with the
 * grain and vignette of their family.
 */
function styleLook(input: RecipeInput): Look {
  const { dice } = input;
  const family = styleFamily(input.choice.option.id);
  if (family?.family !== 'photo')
    return combineLooks([look({ grade: signature(dice, 0.35) }), tints(input.colours, 0.22)]);
  const treatment = family.grades.map((name) => PHOTO_GRADES[name](dice));
  return combineLooks([look({ grade: signature(dice, 1) }), ...treatment, tints(input.colours, 0.22)]);
}

function lightingLook(input: RecipeInput): Look {
  const { dice } = input;
  const moods = LIGHTINGS[input.choice.option.id]?.moods ?? [];
  return combineLooks([
    grade(signature(dice, 0.7), exposure(dice.between(0.92, 1.1))),
    ...moods.map((mood) => MOOD_LOOKS[mood](dice)),
    tints(input.colours, 0.25),
  ]);
}

/**
 * Past ×2 the enlargement's own detail is all there is: a 3×3 sharpening on pixels three or four
 * times smaller than the source's only strengthens ESRGAN's artefacts (1 to 2 dB further from the
 * true picture than Lanczos, enlarge.test.ts), where at ×2 it brings the picture a little closer.
 */
const MAX_SHARPENED_SCALE = 2;

/** Enlargements that also smooth noise and skin, or add punch to a flat or faded picture. */
const UPSCALE_FINISHES: Readonly<Record<string, 'smooth' | 'punch'>> = {
  'soft-2x': 'smooth',
  'soft-4x': 'smooth',
  denoise: 'smooth',
  'skin-smooth': 'smooth',
  'anime-upscale': 'smooth',
  'night-photo': 'smooth',
  clarity: 'punch',
  'micro-contrast': 'punch',
  'hdr-boost': 'punch',
  'face-restore': 'punch',
  'old-photo-restore': 'punch',
};

function upscaleLook(input: RecipeInput): Look {
  const option = getOption('upscale', input.choice.option.id);
  const kernel =
    option && option.scale > MAX_SHARPENED_SCALE ? IDENTITY_KERNEL : sharpening(0.15 + 0.85 * (option?.sharpen ?? 0.5));
  const finish = UPSCALE_FINISHES[input.choice.option.id];
  const smooth = finish === 'smooth' ? 0.45 : 0;
  const punch = finish === 'punch' ? grade(contrast(1.12), saturation(1.08)) : NEUTRAL_LOOK;
  return combineLooks([look({ kernel, blur: smooth }), punch]);
}

function colourOf(id: string | undefined): PaletteColor | undefined {
  return id === undefined ? undefined : getColor(id);
}

/** The colours that apply to one option: the user's for it and its parts first, then its own. */
function coloursFor({ category, option }: Choice, colors: ColorChoices): Rgb[] {
  const chosen = [
    colors.elements?.[category]?.[option.id],
    ...Object.values(colors.components?.[category]?.[option.id] ?? {}),
  ];
  const own = (OPTION_COLORS[category]?.[option.id] ?? []).filter((id) => !isNeutral(id));
  const palette = [...chosen, ...own].map(colourOf).filter((colour): colour is PaletteColor => colour !== undefined);
  return palette.map((colour) => hexToRgb(colour.hex));
}

/** What an option's look is made from: its dice (seeded by the option) and its colours, most specific first. */
export function drawingContext(choice: Choice, colors: ColorChoices): { dice: Dice; colours: Rgb[] } {
  const { category, option } = choice;
  return { dice: new Dice(`${category}:${option.id}`), colours: coloursFor(choice, colors) };
}

/** The look of one chosen option. */
export function lookForChoice(choice: Choice, colors: ColorChoices): Look {
  const { category } = choice;
  const { dice, colours } = drawingContext(choice, colors);
  const input: RecipeInput = { choice, dice, colours };
  switch (category) {
    case 'style':
      return styleLook(input);
    case 'lighting':
      return lightingLook(input);
    case 'upscale':
      return upscaleLook(input);
    case 'camera':
      // A camera option moves or reframes the picture itself (camera.ts): a slight grade of its own only.
      return look({ grade: signature(dice, 0.45) });
    default:
      // Format changes the frame (geometry.ts); the other categories are the cloud engine's.
      return NEUTRAL_LOOK;
  }
}

/** The whole image pulled towards the global colour. */
export function globalColourLook(colors: ColorChoices): Look {
  const colour = colourOf(colors.global);
  return colour ? grade(tint(hexToRgb(colour.hex), 0.35)) : NEUTRAL_LOOK;
}

/** A reference image's average colour, weighted by its importance, as a tint. */
export function referenceTint(average: Rgb, importance: number): Look {
  return grade(tint(average, 0.3 * importance));
}
