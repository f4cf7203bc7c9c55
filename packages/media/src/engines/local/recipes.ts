import {
  getColor,
  getOption,
  type CatalogOption,
  type CategoryId,
  type ColorChoices,
  type PaletteColor,
} from '@atelier/catalog';
import { hexToRgb, hsl, type Rgb } from '../../colour';
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
import { cameraMoveOf } from './camera';
import { IDENTITY_KERNEL, relief, sharpening } from './kernel';
import { NEUTRAL_LOOK, combineLooks, look, type Look } from './look';
import { OVERLAY_RECIPES, type OverlayCategory, type OverlayContext } from './overlays';
import { styleFamily } from './styles/families';
import { coloursNamedIn, foldWords, isNeutral, mentions } from './words';

/**
 * One recipe family per category, with per-option parameters from the option's own data (format
 * and upscale), the words of its English prompt ("neon", "sepia", "watercolor", "night"…), and a
 * dice seeded by its id, so the ~500 options each get a look of their own without 500 cases.
 */
export interface Choice {
  category: CategoryId;
  option: CatalogOption;
}

interface RecipeInput {
  choice: Choice;
  dice: Dice;
  words: string;
  /** The user's colour for this option and its parts, then the colours its prompt names. */
  colours: readonly Rgb[];
  /** Height of the drawing frame when it is 1000 wide. */
  frameHeight: number;
}

interface Rule {
  words: readonly string[];
  look: (dice: Dice) => Look;
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

const STYLE_RULES: readonly Rule[] = [
  {
    words: [
      'black and white',
      'monochrome',
      'noir',
      'charcoal',
      'graphite',
      'pencil sketch',
      'pen and ink',
      'ink wash',
      'manga',
      'engraving',
      'marble',
      'daguerreotype',
      'screentone',
    ],
    look: () => grade(saturation(0), contrast(1.15)),
  },
  { words: ['sepia', 'antique', 'daguerreotype', 'steampunk', 'aged', 'old photograph'], look: () => grade(SEPIA) },
  { words: ['cyanotype', 'blueprint', 'prussian blue'], look: () => grade(duotone([10, 38, 92], [232, 241, 255])) },
  {
    words: ['neon', 'cyberpunk', 'synthwave', 'vaporwave', 'hologram', 'psychedelic', 'glow'],
    look: () => grade(saturation(1.5), contrast(1.2)),
  },
  {
    words: ['watercolor', 'watercolour', 'pastel', 'wash', 'gouache', 'sfumato'],
    look: (dice) =>
      look({ grade: chain([lift(32), saturation(0.8), contrast(0.9), exposure(1.08)]), blur: dice.between(1.6, 2.4) }),
  },
  {
    words: [
      'oil painting',
      'impasto',
      'brushstroke',
      'brushwork',
      'acrylic',
      'impressionis',
      'expressionis',
      'fauvis',
      'fresco',
    ],
    look: (dice) => look({ grade: saturation(1.25), blur: 0.6, kernel: relief(dice.between(0.2, 0.35)) }),
  },
  {
    words: [
      'pop art',
      'comic',
      'poster',
      'flat colour',
      'flat colours',
      'cel shading',
      'linocut',
      'vector',
      'cartoon',
      'anime',
      'ligne claire',
      'woodblock',
      'graffiti',
      'stained glass',
      'halftone',
    ],
    look: (dice) =>
      look({ grade: chain([saturation(1.35), contrast(dice.between(1.7, 2.3)), exposure(1.15)]), blur: 0.9 }),
  },
  {
    words: ['pixel', 'voxel', 'mosaic', 'low poly', 'tesserae', '16 bit', '8 bit', 'cubes', 'isometric'],
    look: (dice) => look({ pixelate: dice.between(0.009, 0.02), grade: saturation(1.15) }),
  },
  {
    words: ['sketch', 'hatching', 'engraving', 'linework', 'line drawing', 'pen and ink', 'construction lines'],
    look: (dice) =>
      look({
        kernel: sharpening(dice.between(2.5, 3.5)),
        grade: chain([saturation(0), exposure(1.35), contrast(1.35), lift(30)]),
      }),
  },
  {
    words: [
      'sculpture',
      'statue',
      'carved',
      'carving',
      'relief',
      'embroider',
      'knitted',
      'stitch',
      'origami',
      'paper',
      'clay',
      'claymation',
    ],
    look: (dice) => look({ kernel: relief(dice.between(0.45, 0.8)) }),
  },
  {
    words: [
      'vintage',
      'faded',
      'retro',
      'polaroid',
      'lomography',
      'film',
      'light leaks',
      'weathered',
      '1950s',
      '1960s',
    ],
    look: () => grade(lift(28), saturation(0.8), gains(1.06, 1, 0.9)),
  },
  {
    words: ['high contrast', 'dramatic', 'chiaroscuro', 'hard shadows', 'high dynamic range', 'bold'],
    look: () => look({ grade: contrast(1.3), tone: 1.1 }),
  },
  { words: ['infrared'], look: () => grade(INFRARED) },
  {
    words: ['glitch', 'rgb'],
    look: (dice) => grade(hueRotation(dice.between(30, 70)), contrast(1.25), gains(1.15, 0.9, 1.1)),
  },
  {
    words: ['dreamlike', 'magical', 'fantasy', 'whimsical', 'luminous', 'kawaii', 'sparkle', 'fairytale'],
    look: () => look({ grade: chain([lift(12), saturation(1.15), exposure(1.06)]), blur: 0.4 }),
  },
  { words: ['gothic', 'eerie', 'moody', 'dark'], look: () => grade(exposure(0.85), contrast(1.15), saturation(0.8)) },
  {
    words: ['minimalis', 'negative space', 'restrained'],
    look: () => grade(lift(25), saturation(0.6), contrast(0.85)),
  },
  {
    words: ['geometric', 'facets', 'cubis', 'abstract', 'colour fields'],
    look: (dice) => look({ grade: chain([saturation(1.25), contrast(dice.between(1.4, 1.7))]), blur: 0.6 }),
  },
];

/** For styles whose words match no rule: one of a few treatments, chosen by the style's dice. */
const STYLE_FALLBACKS: readonly [Rule['look'], ...Rule['look'][]] = [
  (dice) => look({ grade: chain([lift(20), saturation(0.85)]), blur: dice.between(0.8, 1.4) }),
  (dice) => look({ kernel: relief(dice.between(0.3, 0.6)), grade: saturation(1.2) }),
  (dice) => look({ kernel: sharpening(dice.between(0.8, 1.4)), grade: contrast(1.2) }),
  (dice) => grade(saturation(1.3), contrast(dice.between(1.5, 1.9)), exposure(1.1)),
  (dice) => grade(duotone(hsl(dice.between(0, 360), 0.6, 0.2), hsl(dice.between(0, 360), 0.7, 0.85))),
];

const LIGHTING_RULES: readonly Rule[] = [
  {
    words: [
      'golden',
      'sunset',
      'sunrise',
      'candle',
      'fire',
      'campfire',
      'tungsten',
      'sodium',
      'lava',
      'torch',
      'warm',
      'lamp',
      'fireplace',
    ],
    look: (dice) => grade(gains(1.12, 1, dice.between(0.78, 0.86))),
  },
  {
    words: [
      'blue',
      'moon',
      'winter',
      'twilight',
      'cool',
      'fluorescent',
      'screen',
      'bioluminescen',
      'ice',
      'cold',
      'silvery',
      'north',
    ],
    look: (dice) => grade(gains(dice.between(0.84, 0.9), 0.98, 1.14)),
  },
  {
    words: ['night', 'dark', 'moody', 'low key', 'eclipse', 'darkness', 'dim', 'starlight'],
    look: () => look({ grade: chain([exposure(0.72), contrast(1.15)]), tone: 1.15 }),
  },
  {
    words: ['high key', 'bright', 'softbox', 'overcast', 'diffused', 'even', 'ring light', 'clean', 'midday', 'flash'],
    look: () => grade(exposure(1.18), contrast(0.92)),
  },
  {
    words: ['dramatic', 'chiaroscuro', 'hard', 'split', 'rembrandt', 'strong', 'spotlight', 'beam', 'rays'],
    look: () => grade(contrast(1.3)),
  },
  {
    words: ['mist', 'fog', 'haze', 'hazy', 'smoke', 'volumetric', 'dust'],
    look: () => grade(lift(35), saturation(0.8), contrast(0.85)),
  },
  {
    words: ['neon', 'gel', 'disco', 'club', 'police', 'hologram', 'fireworks'],
    look: () => grade(saturation(1.35), contrast(1.1)),
  },
  { words: ['silhouette', 'backlight', 'rim'], look: () => look({ grade: contrast(1.45), tone: 1.25 }) },
];

function matchedRules(rules: readonly Rule[], input: RecipeInput): Look[] {
  return rules.filter(({ words }) => mentions(input.words, words)).map((rule) => rule.look(input.dice));
}

/** Tints towards the colours the user chose or the prompt names (neutral ones excepted). */
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
  if (family && family.family !== 'photo')
    return combineLooks([look({ grade: signature(dice, 0.35) }), tints(input.colours, 0.22)]);
  const matched = matchedRules(STYLE_RULES, input);
  const treatment =
    matched.length > 0
      ? matched
      : [(STYLE_FALLBACKS[dice.int(0, STYLE_FALLBACKS.length - 1)] ?? STYLE_FALLBACKS[0])(dice)];
  return combineLooks([look({ grade: signature(dice, 1) }), ...treatment, tints(input.colours, 0.22)]);
}

function lightingLook(input: RecipeInput): Look {
  const { dice } = input;
  return combineLooks([
    grade(signature(dice, 0.7), exposure(dice.between(0.92, 1.1))),
    ...matchedRules(LIGHTING_RULES, input),
    tints(input.colours, 0.25),
  ]);
}

/**
 * Past ×2 the enlargement's own detail is all there is: a 3×3 sharpening on pixels three or four
 * times smaller than the source's only strengthens ESRGAN's artefacts (1 to 2 dB further from the
 * true picture than Lanczos, enlarge.test.ts), where at ×2 it brings the picture a little closer.
 */
const MAX_SHARPENED_SCALE = 2;

function upscaleLook(input: RecipeInput): Look {
  const option = getOption('upscale', input.choice.option.id);
  const kernel =
    option && option.scale > MAX_SHARPENED_SCALE ? IDENTITY_KERNEL : sharpening(0.15 + 0.85 * (option?.sharpen ?? 0.5));
  const smooth = mentions(input.words, ['noise', 'smooth', 'soft']) ? 0.45 : 0;
  const punch = mentions(input.words, ['contrast', 'clarity', 'hdr', 'restore', 'punchy'])
    ? grade(contrast(1.12), saturation(1.08))
    : NEUTRAL_LOOK;
  return combineLooks([look({ kernel, blur: smooth }), punch]);
}

function overlayLook(category: OverlayCategory, input: RecipeInput): Look {
  const draw = OVERLAY_RECIPES[category];
  const overlay = draw({
    id: `${category}-${input.choice.option.id}`,
    height: input.frameHeight,
    dice: input.dice,
    words: input.words,
    colours: input.colours,
  });
  return look({ grade: signature(input.dice, 0.45), overlay });
}

function isOverlayCategory(category: CategoryId): category is OverlayCategory {
  return category in OVERLAY_RECIPES;
}

function colourOf(id: string | undefined): PaletteColor | undefined {
  return id === undefined ? undefined : getColor(id);
}

/** The colours that apply to one option: the user's for it and its parts first, then those its prompt names. */
function coloursFor({ category, option }: Choice, colors: ColorChoices, includeNeutral: boolean): Rgb[] {
  const chosen = [
    colors.elements?.[category]?.[option.id],
    ...Object.values(colors.components?.[category]?.[option.id] ?? {}),
  ];
  const named = coloursNamedIn(option.prompt).filter((colour) => includeNeutral || !isNeutral(colour));
  const palette = [...chosen.map(colourOf), ...named].filter((colour): colour is PaletteColor => colour !== undefined);
  return palette.map((colour) => hexToRgb(colour.hex));
}

/** What an option's drawing is made from: its id, its dice, its words and its colours. */
export function drawingContext(
  choice: Choice,
  colors: ColorChoices,
  includeNeutral: boolean,
): Omit<OverlayContext, 'height'> {
  const { category, option } = choice;
  return {
    id: `${category}-${option.id}`,
    dice: new Dice(`${category}:${option.id}`),
    words: foldWords(`${option.prompt} ${option.id}`),
    colours: coloursFor(choice, colors, includeNeutral),
  };
}

/** The look of one chosen option, for an image whose drawing frame is 1000 × `frameHeight`. */
export function lookForChoice(choice: Choice, colors: ColorChoices, frameHeight: number): Look {
  const { category } = choice;
  const overlay = isOverlayCategory(category);
  const { dice, words, colours } = drawingContext(choice, colors, overlay);
  const input: RecipeInput = { choice, dice, words, colours, frameHeight };
  // A camera option that moves the picture itself (camera.ts) draws nothing over it.
  if (category === 'camera' && cameraMoveOf(choice.option.id)) return look({ grade: signature(dice, 0.45) });
  if (overlay) return overlayLook(category, input);
  switch (category) {
    case 'style':
      return styleLook(input);
    case 'lighting':
      return lightingLook(input);
    case 'upscale':
      return upscaleLook(input);
    default:
      // Format changes the frame (geometry.ts), environment the scene behind the person (environment.ts);
      // character, clothing and action dress the person (costume/).
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
