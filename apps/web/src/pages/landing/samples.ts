import type { CategoryId } from '@atelier/catalog';

// The landing's before/after pictures. This list is read twice: by the page, to show them, and by
// scripts/generate-samples.ts, which renders them with the local image engine at build time.

/** Catalogue option ids by category: what the engine is asked to apply. */
export type SampleChoice = Partial<Record<CategoryId, string>>;

/** Id of the generated picture a sample starts from: a default model or a welcome image of @atelier/media. */
export type SampleSource = `model-${string}` | `welcome-${string}`;

export interface ComparisonExample {
  id: string;
  title: string;
  description: string;
  source: SampleSource;
  choice: SampleChoice;
}

export interface SampleTransformation {
  id: string;
  /** The option's name, shown as a badge. */
  style: string;
  title: string;
  choice: SampleChoice;
}

export interface CharacterSample {
  id: string;
  name: string;
  tagline: string;
  source: SampleSource;
  transformations: readonly [SampleTransformation, SampleTransformation, SampleTransformation];
}

export const COMPARISON_EXAMPLES: readonly ComparisonExample[] = [
  {
    id: 'cyber',
    title: 'Cyber futuriste',
    description: 'Un portrait de jour plongé dans une mégalopole nocturne, baignée de néons roses et violets.',
    source: 'model-lea',
    choice: { style: 'cyberpunk', environment: 'neon-tokyo' },
  },
  {
    id: 'fantasy',
    title: 'Fantasy royale',
    description: 'Une couronne et la lumière dorée de fin de journée : votre portrait entre dans la légende.',
    source: 'model-camille',
    choice: { character: 'queen', lighting: 'golden-hour' },
  },
  {
    id: 'steampunk',
    title: 'Steampunk',
    description: "Tons cuivrés et lueur de foyer : l'atmosphère d'un atelier d'inventeur victorien.",
    source: 'model-hugo',
    choice: { style: 'steampunk', lighting: 'fireplace' },
  },
  {
    id: 'space',
    title: 'Odyssée spatiale',
    description: 'Casque, voie lactée et reflets bleutés : décollage immédiat, sans entraînement.',
    source: 'model-amina',
    choice: { character: 'astronaut', environment: 'space', lighting: 'starry-night' },
  },
  {
    id: 'art-deco',
    title: 'Art déco',
    description: "La ville se pare d'or et de noir profond : l'élégance graphique des années folles.",
    source: 'welcome-ville',
    choice: { style: 'art-deco' },
  },
  {
    id: 'nature',
    title: 'Nature sauvage',
    description: 'Une forêt enchantée et la lumière filtrée par les feuilles, pour une vraie échappée.',
    source: 'welcome-foret',
    choice: { environment: 'enchanted-forest', lighting: 'dappled-light' },
  },
];

/** Four characters with three transformations each: the twelve samples of the product claims. */
export const CHARACTERS: readonly CharacterSample[] = [
  {
    id: 'lea',
    name: 'Léa',
    tagline: 'Portrait en extérieur',
    source: 'model-lea',
    transformations: [
      { id: 'cyanotype', style: 'Cyanotype', title: 'Tirage au cyanotype', choice: { style: 'cyanotype' } },
      { id: 'croquis', style: 'Croquis au crayon', title: 'Esquisse à la mine', choice: { style: 'pencil-sketch' } },
      {
        id: 'reine',
        style: 'Reine',
        title: "Reine à l'heure dorée",
        choice: { character: 'queen', lighting: 'golden-hour' },
      },
    ],
  },
  {
    id: 'hugo',
    name: 'Hugo',
    tagline: 'Photo de profil',
    source: 'model-hugo',
    transformations: [
      {
        id: 'chevalier',
        style: 'Chevalier',
        title: 'Chevalier en armure',
        choice: { character: 'knight', environment: 'medieval-village' },
      },
      { id: 'synthwave', style: 'Synthwave', title: 'Rétro synthwave', choice: { style: 'synthwave' } },
      {
        id: 'astronaute',
        style: 'Astronaute',
        title: 'Astronaute lunaire',
        choice: { character: 'astronaut', environment: 'moon' },
      },
    ],
  },
  {
    id: 'amina',
    name: 'Amina',
    tagline: 'Selfie du week-end',
    source: 'model-amina',
    transformations: [
      {
        id: 'neons',
        style: 'Néons',
        title: 'Nuit à Tokyo',
        choice: { environment: 'neon-tokyo', lighting: 'neon-lights' },
      },
      { id: 'aurore', style: 'Aurore boréale', title: "Sous l'aurore boréale", choice: { lighting: 'aurora' } },
      {
        id: 'fee',
        style: 'Fée',
        title: 'Fée de la forêt',
        choice: { character: 'fairy', environment: 'enchanted-forest' },
      },
    ],
  },
  {
    id: 'malik',
    name: 'Malik',
    tagline: 'Portrait studio',
    source: 'model-malik',
    transformations: [
      { id: 'film-noir', style: 'Film noir', title: 'Détective film noir', choice: { style: 'film-noir' } },
      {
        id: 'viking',
        style: 'Viking',
        title: 'Viking des fjords',
        choice: { character: 'viking', environment: 'snowy-mountains' },
      },
      { id: 'vaporwave', style: 'Vaporwave', title: 'Affiche vaporwave', choice: { style: 'vaporwave' } },
    ],
  },
];

export type SampleFolder = 'before' | 'after' | 'characters';

/** Square pictures, so portraits and landscapes sit side by side; each in two widths for srcset. */
export const SAMPLE_WIDTHS = {
  comparison: [400, 800],
  character: [240, 480],
} as const;

export interface SamplePicture {
  folder: SampleFolder;
  name: string;
  widths: readonly number[];
  source: SampleSource;
  /** Absent for an original. */
  choice?: SampleChoice;
}

/** FNV-1a of what a picture is made from: a new recipe gets a new file name, so no stale file is ever shown. */
function fingerprint({ source, choice }: SamplePicture): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([source, choice ?? {}]))
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
}

export function samplePath(picture: SamplePicture, width: number): string {
  return `/samples/${picture.folder}/${picture.name}-${fingerprint(picture)}-${width}.webp`;
}

/** The attributes the page needs to show a picture: the largest file, a srcset over every width, the size. */
export function sampleImage(picture: SamplePicture) {
  const largest = Math.max(...picture.widths);
  return {
    src: samplePath(picture, largest),
    srcSet: picture.widths.map((width) => `${samplePath(picture, width)} ${width}w`).join(', '),
    width: largest,
    height: largest,
  };
}

export const beforePicture = (example: ComparisonExample): SamplePicture => ({
  folder: 'before',
  name: example.id,
  widths: SAMPLE_WIDTHS.comparison,
  source: example.source,
});

export const afterPicture = (example: ComparisonExample): SamplePicture => ({
  ...beforePicture(example),
  folder: 'after',
  choice: example.choice,
});

export const portraitPicture = (character: CharacterSample): SamplePicture => ({
  folder: 'characters',
  name: character.id,
  widths: SAMPLE_WIDTHS.character,
  source: character.source,
});

export const resultPicture = (character: CharacterSample, transformation: SampleTransformation): SamplePicture => ({
  ...portraitPicture(character),
  name: `${character.id}-${transformation.id}`,
  choice: transformation.choice,
});

/** Every picture the page shows: the list scripts/generate-samples.ts renders. */
export const ALL_SAMPLE_PICTURES: readonly SamplePicture[] = [
  ...COMPARISON_EXAMPLES.flatMap((example) => [beforePicture(example), afterPicture(example)]),
  ...CHARACTERS.flatMap((character) => [
    portraitPicture(character),
    ...character.transformations.map((transformation) => resultPicture(character, transformation)),
  ]),
];
