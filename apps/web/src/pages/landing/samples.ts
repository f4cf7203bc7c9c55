import type { CategoryId } from '@atelier/catalog';

// The landing's before/after pictures. This list is read twice: by the page, to show them, and by
// scripts/generate-samples.ts, which renders them with the local image engine at build time, from
// the real photographs of samples/photos (public domain or CC0, credited there).

/** Catalogue option ids by category: what the engine is asked to apply. */
export type SampleChoice = Partial<Record<CategoryId, string>>;

/** The photograph a sample starts from: samples/photos/{name}.jpg. */
export type SampleSource = 'astronaut' | 'chelsea' | 'coffee' | 'rocket';

export interface ComparisonExample {
  id: string;
  title: string;
  description: string;
  source: SampleSource;
  choice: SampleChoice;
}

export interface SampleTransformation {
  id: string;
  /** The name of its first option, as the studio shows it (samples.test.ts checks it), on a badge. */
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
    id: 'bd',
    title: 'Bande dessinée',
    description: "Des aplats de couleur cernés d'un trait d'encre : le portrait devient une case de bande dessinée.",
    source: 'astronaut',
    choice: { style: 'comic-book' },
  },
  {
    id: 'clair-obscur',
    title: 'Clair-obscur',
    description:
      "Une lumière de côté qui sculpte le visage et plonge le fond dans l'ombre, comme chez les maîtres anciens.",
    source: 'astronaut',
    choice: { lighting: 'chiaroscuro' },
  },
  {
    id: 'gravure',
    title: 'Gravure',
    description: 'Des tailles parallèles qui suivent les ombres : la tasse gravée comme dans un livre ancien.',
    source: 'coffee',
    choice: { style: 'engraving' },
  },
  {
    id: 'miniature',
    title: 'Miniature',
    description: 'Une bande de netteté et des couleurs vives : le pas de tir devient une maquette.',
    source: 'rocket',
    choice: { camera: 'tilt-shift' },
  },
  {
    id: 'estampe',
    title: 'Estampe japonaise',
    description: "Des aplats cernés d'encre et une palette réduite : le chat en estampe.",
    source: 'chelsea',
    choice: { style: 'ukiyo-e' },
  },
  {
    id: 'aquarelle',
    title: 'Aquarelle',
    description: 'Des lavis qui débordent, le pigment accumulé sur leurs bords et le grain du papier.',
    source: 'chelsea',
    choice: { style: 'watercolor' },
  },
];

/** The hero shows the comic-book portrait, the most striking of the six examples (its files serve both places). */
export const HERO_EXAMPLE = COMPARISON_EXAMPLES.find((example) => example.id === 'bd') ?? COMPARISON_EXAMPLES[0]!;

/** The hero picture's width on the page: its `sizes`, and the preload's in the landing's HTML (vite.config.ts). */
export const HERO_SIZES = '(min-width: 62em) 540px, calc(100vw - 32px)';

/** Four photographs with three transformations each: the twelve samples of the product claims. */
export const CHARACTERS: readonly CharacterSample[] = [
  {
    id: 'eileen',
    name: 'Eileen',
    tagline: 'Portrait, NASA',
    source: 'astronaut',
    transformations: [
      { id: 'cyanotype', style: 'Cyanotype', title: 'Tirage au cyanotype', choice: { style: 'cyanotype' } },
      { id: 'pointillisme', style: 'Pointillisme', title: 'Portrait pointilliste', choice: { style: 'pointillism' } },
      {
        id: 'contre-jour',
        style: 'Contre-jour',
        title: 'Cheveux en contre-jour',
        choice: { lighting: 'rim-light' },
      },
    ],
  },
  {
    id: 'chelsea',
    name: 'Chelsea',
    tagline: 'Chat, photo CC0',
    source: 'chelsea',
    transformations: [
      { id: 'croquis', style: 'Croquis au crayon', title: 'Esquisse à la mine', choice: { style: 'pencil-sketch' } },
      { id: 'pop-art', style: 'Pop art', title: 'Affiche pop art', choice: { style: 'pop-art' } },
      { id: 'gros-plan', style: 'Gros plan', title: 'Gros plan', choice: { camera: 'close-up' } },
    ],
  },
  {
    id: 'cafe',
    name: 'Café',
    tagline: 'Nature morte, photo CC0',
    source: 'coffee',
    transformations: [
      { id: 'film-noir', style: 'Film noir', title: 'Café film noir', choice: { style: 'film-noir' } },
      { id: 'vitrail', style: 'Vitrail', title: 'Vitrail', choice: { style: 'stained-glass' } },
      { id: 'lune', style: 'Clair de lune', title: 'Au clair de lune', choice: { lighting: 'moonlight' } },
    ],
  },
  {
    id: 'fusee',
    name: 'Fusée',
    tagline: 'Pas de tir, NASA',
    source: 'rocket',
    transformations: [
      { id: 'synthwave', style: 'Synthwave', title: 'Rétro synthwave', choice: { style: 'synthwave' } },
      { id: 'cyanotype-fusee', style: 'Cyanotype', title: 'Bleu de Prusse', choice: { style: 'cyanotype' } },
      { id: 'contre-plongee', style: 'Contre-plongée', title: 'Vue par en dessous', choice: { camera: 'low-angle' } },
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
