import { CATEGORY_IDS, getOption, luminance, type Rgb, type Selection } from '@atelier/catalog';
import { CHARACTERS, COMPARISON_EXAMPLES, type SampleChoice } from '../landing/samples';

/** What the automatic mode reads from the current picture. */
export interface ImageTraits {
  /** Colours extracted from the picture (up to 5); empty when extraction failed. */
  colors: readonly Rgb[];
  /** Width divided by height; NaN or 0 when unknown. */
  aspect: number;
}

type Tone = 'dark' | 'bright';
type Temperature = 'warm' | 'cool';
type Orientation = 'portrait' | 'landscape';

interface Fit {
  tone?: Tone;
  temperature?: Temperature;
  orientation?: Orientation;
}

export interface Preset {
  id: string;
  /** French title shown when it is applied. */
  title: string;
  selection: Selection;
}

/** The landing page's before/after recipes: a preset is one of them, picked for the picture it suits. */
const RECIPES = new Map<string, { title: string; choice: SampleChoice }>([
  ...COMPARISON_EXAMPLES.map((example) => [example.id, example] as const),
  ...CHARACTERS.flatMap((character) => character.transformations.map((sample) => [sample.id, sample] as const)),
]);

/** Which pictures each recipe flatters; the first one is the default when nothing is known. */
const CURATED: readonly { recipe: string; fit: Fit }[] = [
  { recipe: 'clair-obscur', fit: { tone: 'bright', temperature: 'warm', orientation: 'portrait' } },
  { recipe: 'bd', fit: { tone: 'dark', temperature: 'cool', orientation: 'portrait' } },
  { recipe: 'gravure', fit: { tone: 'dark', temperature: 'warm' } },
  { recipe: 'miniature', fit: { tone: 'dark', temperature: 'cool', orientation: 'landscape' } },
  { recipe: 'aquarelle', fit: { tone: 'bright', temperature: 'cool', orientation: 'landscape' } },
  { recipe: 'estampe', fit: { tone: 'bright', temperature: 'warm', orientation: 'landscape' } },
  { recipe: 'cyanotype', fit: { tone: 'bright', temperature: 'cool', orientation: 'portrait' } },
  { recipe: 'film-noir', fit: { tone: 'dark', orientation: 'portrait' } },
];

/** Below or above these the picture counts as dark, bright, warm or cool. */
const DARK_BELOW = 0.45;
const WARM_ABOVE = 0.04;
const COOL_BELOW = -0.04;
const PORTRAIT_BELOW = 0.9;
const LANDSCAPE_ABOVE = 1.1;

function traitsOf({ colors, aspect }: ImageTraits): Fit {
  const fit: Fit = {};
  if (colors.length > 0) {
    const mean = (pick: (color: Rgb) => number) => colors.reduce((sum, color) => sum + pick(color), 0) / colors.length;
    fit.tone = mean(luminance) < DARK_BELOW ? 'dark' : 'bright';
    const warmth = mean(([red, , blue]) => (red - blue) / 255);
    if (warmth > WARM_ABOVE) fit.temperature = 'warm';
    else if (warmth < COOL_BELOW) fit.temperature = 'cool';
  }
  if (aspect > 0 && aspect < PORTRAIT_BELOW) fit.orientation = 'portrait';
  else if (aspect > LANDSCAPE_ABOVE) fit.orientation = 'landscape';
  return fit;
}

function selectionOf(choice: SampleChoice): Selection {
  const selection: Selection = {};
  for (const category of CATEGORY_IDS) {
    const id = choice[category];
    const option = id === undefined ? undefined : getOption(category, id);
    if (option) selection[category] = { id: option.id, name: option.name };
  }
  return selection;
}

/** The curated presets, in order of preference. */
export const CURATED_PRESETS: readonly (Preset & { fit: Fit })[] = CURATED.flatMap(({ recipe, fit }) => {
  const found = RECIPES.get(recipe);
  return found ? [{ id: recipe, title: found.title, selection: selectionOf(found.choice), fit }] : [];
});

/** The curated preset that matches the most traits of the picture; ties go to the earlier one. */
export function pickPreset(image: ImageTraits): Preset {
  const traits = traitsOf(image);
  const score = (fit: Fit) =>
    (Object.keys(fit) as (keyof Fit)[]).filter((key) => traits[key] !== undefined && fit[key] === traits[key]).length;
  const [best, ...others] = CURATED_PRESETS;
  if (!best) throw new Error('No curated preset');
  const { fit: _fit, ...preset } = others.reduce(
    (chosen, candidate) => (score(candidate.fit) > score(chosen.fit) ? candidate : chosen),
    best,
  );
  return preset;
}
