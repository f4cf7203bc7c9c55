import type { CategoryId } from './categories';

// Kept apart from the catalogue's option tables: the landing reads these verdicts without them.

/**
 * What the local engine (offline, no generative model) does not sell, decided by looking at every
 * option it rendered on contact sheets of real photographs, as a paying member would
 * (`npm run contact-sheet`, docs/engines.md, "What the local engine renders"). With the local engine
 * the studio shows these as available with the cloud engine only, and the server refuses them before
 * anything is charged: the engine never applies something else in their place. The cloud engine
 * renders every option. The reasons are kept so that the next look starts from them.
 */

/**
 * Whole categories: what the local engine drew there (costumes, props and scenes cut around the
 * person) looked like stickers and children's-book backdrops pasted on the photo. Judged on
 * 2026-12-07 after an independent review found 3 of 40 characters, none of 59 actions, none of 33
 * places and 12 of 88 garments acceptable.
 */
export const CLOUD_ONLY_CATEGORIES: { readonly [C in CategoryId]?: string } = {
  character: 'a costume drawn over the person: a sticker, not the character',
  action: 'props and motion lines drawn around the person: not the activity',
  clothing: 'a garment drawn over the torso: flat, and the old one shows through',
  environment: 'a drawn backdrop behind a cut-out: not the place, and the cut-out shows',
};

/** The same reason for several options. */
const because = (why: string, ids: readonly string[]): Readonly<Record<string, string>> =>
  Object.fromEntries(ids.map((id) => [id, why]));

/** An option whose render cannot be told from another offered one's (mean tile difference under about 5/255). */
const cloneOf = (name: string) => `renders as ${name} does`;

/** Single options of the categories the local engine keeps, by id: why each is left to the cloud engine. */
export const CLOUD_ONLY_OPTIONS: { readonly [C in CategoryId]?: Readonly<Record<string, string>> } = {
  style: {
    ...because("another style's render (a cartoon, an oil painting) or a filter that is not the thing named", [
      'surrealism',
      'abstract',
      'baroque',
      'renaissance',
      'romanticism',
      'anime',
      'chibi',
      'kawaii',
      'caricature',
      'graffiti',
      'paper-cutout',
      'tarot-card',
      'retro-futurism',
      '3d-animation',
      'claymation',
      'isometric',
      'fantasy-art',
      'knitted',
      'storybook',
      'voxel',
    ]),
    ...because(cloneOf("Peinture à l'huile"), ['acrylic', 'impressionism', 'expressionism', 'fauvism']),
    ...because(cloneOf('Vitrail'), ['cubism', 'origami']),
    ...because(cloneOf('Estampe japonaise'), ['art-nouveau', 'art-deco', 'byzantine-icon']),
    ...because(cloneOf('Bande dessinée'), ['ligne-claire', 'graphic-novel', 'pin-up']),
    ...because(cloneOf('Croquis au crayon'), ['charcoal']),
    ...because(cloneOf('Synthwave'), ['cyberpunk', 'gothic']),
    gouache: 'blotches of another colour over the hair and a grey face',
    pastel: 'blotches of another colour over the hair',
    'colored-pencil': 'nothing visible: the photo as it was',
    'double-exposure': 'nothing visible: no second picture',
    mosaic: 'a fine screen over the photo, no tiles',
    embroidery: 'a fine screen over the photo, no stitches',
    steampunk: 'an oil painting in sepia: nothing of steampunk',
  },
  camera: {
    ...because('a viewpoint, a body the photo does not show, or a moment: only a generative model makes them', [
      'medium-shot',
      'american-shot',
      'full-body',
      'eye-level',
      'drone-view',
      'over-the-shoulder',
      'pov',
      'profile',
      'three-quarter',
      'front-view',
      'back-view',
      'deep-focus',
      'dutch-angle',
      'freeze-motion',
      'symmetrical',
    ]),
    ...because('the photo shrunk onto a smeared copy of itself', ['wide-shot', 'extreme-wide-shot', 'panoramic']),
    ...because(cloneOf('Bokeh'), ['portrait-lens', 'telephoto', 'macro']),
    ...because(cloneOf('Grand angle'), ['selfie', 'action-cam']),
    'worms-eye': cloneOf('Contre-plongée'),
    'top-down': cloneOf("Vue d'oiseau"),
    'long-exposure': cloneOf('Filé'),
  },
  lighting: {
    // The local relight sets a direction, a colour and a softness, and draws no thing of the scene.
    ...because(
      'a light that is a thing in the scene (rays, leaves, stars, beams, reflections), which it does not draw',
      [
        'ring-light',
        'morning-mist',
        'god-rays',
        'dappled-light',
        'starry-night',
        'aurora',
        'fairy-lights',
        'concert-lights',
        'disco-ball',
        'lightning-storm',
        // The workflow editor's own moods.
        'police-lights',
        'fireworks',
        'stained-glass-light',
        'underwater-caustics',
        'magic-glow',
        'crystal-refraction',
        'headlights',
        'solar-eclipse',
        'flashlight',
        'volumetric-fog',
        'projector-light',
        'bioluminescence',
      ],
    ),
    ...because('nothing visible: the photo as it was', ['window-light', 'butterfly', 'underlighting']),
    'neon-lights': 'a dull pink cast: no neon colours',
    streetlights: cloneOf('Lanterne'),
  },
  format: {
    ...because('the picture extended with smeared copies of its edges', ['ultra-wide-32-9', 'linkedin-banner']),
  },
};

export function isCloudOnly(category: CategoryId, id: string): boolean {
  return category in CLOUD_ONLY_CATEGORIES || Object.hasOwn(CLOUD_ONLY_OPTIONS[category] ?? {}, id);
}
