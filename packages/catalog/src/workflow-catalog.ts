import { getOption } from './catalog';
import { isCategoryId, type CategoryId } from './categories';
import { defineOptions, type CatalogOption } from './option';
import { LIGHTING_OPTIONS } from './options/lighting';

/** The node kinds of the workflow editor that pick from its own, smaller catalogue. */
export const WORKFLOW_CATEGORY_IDS = [
  'style',
  'clothing',
  'character',
  'action',
  'environment',
  'camera',
  'lighting',
] as const satisfies readonly CategoryId[];

export type WorkflowCategoryId = (typeof WORKFLOW_CATEGORY_IDS)[number];

/** The editor's own labels (its toolbar says "Personnage" where the studio says "Qui"). */
export const WORKFLOW_CATEGORY_NAMES: Readonly<Record<WorkflowCategoryId, string>> = {
  style: 'Style',
  clothing: 'Vêtements',
  character: 'Personnage',
  action: 'Action',
  environment: 'Environnement',
  camera: 'Angle',
  lighting: 'Lumière',
};

/** Studio options reused by the editor; a typo fails loudly here and in the tests. */
function pick(category: CategoryId, ids: readonly string[]): CatalogOption[] {
  return ids.map((id) => {
    const option = getOption(category, id);
    if (!option) throw new Error(`Workflow catalogue: unknown ${category} option "${id}"`);
    return option;
  });
}

/** Lighting moods only the editor offers, on top of the whole studio list. */
const WORKFLOW_ONLY_LIGHTING = defineOptions('lighting', [
  ['torchlight', 'Torche enflammée', 'flickering orange torchlight on stone walls'],
  ['lava-glow', 'Lueur de lave', 'intense red-orange glow from molten lava below'],
  ['police-lights', 'Gyrophares', 'flashing red and blue emergency lights'],
  ['fireworks', "Feux d'artifice", 'colourful light bursts from fireworks overhead'],
  ['hologram-glow', 'Lueur holographique', 'cool cyan glow from floating holograms'],
  ['stained-glass-light', 'Lumière de vitrail', 'jewel-coloured light pouring through stained glass'],
  ['underwater-caustics', 'Reflets aquatiques', 'rippling underwater caustic light patterns'],
  ['sodium-vapor', 'Éclairage au sodium', 'orange sodium-vapour street lighting'],
  ['magic-glow', 'Lueur magique', 'soft magical glow with floating sparkles'],
  ['crystal-refraction', 'Réfraction cristalline', 'rainbow light refracted through crystals'],
  ['tungsten', 'Lumière tungstène', 'warm tungsten indoor light'],
  ['fluorescent', 'Tubes fluorescents', 'flat greenish fluorescent office light'],
  ['tv-glow', "Lueur d'écran", 'flickering blue glow from a television screen in the dark'],
  ['headlights', 'Phares de voiture', 'car headlights cutting through the night'],
  ['midnight-sun', 'Soleil de minuit', 'low golden midnight sun of the far north'],
  ['solar-eclipse', 'Éclipse solaire', 'eerie dim light of a total solar eclipse with a glowing corona'],
  ['flashlight', 'Lampe torche', 'a narrow flashlight beam in darkness'],
  ['volumetric-fog', 'Brouillard volumétrique', 'volumetric light beams through thick fog'],
  ['projector-light', 'Projecteur de cinéma', 'flickering cinema projector beam with dust in the air'],
  ['bioluminescence', 'Bioluminescence', 'glowing blue bioluminescent light from plants and water'],
]);

export const WORKFLOW_CATALOG: { readonly [C in WorkflowCategoryId]: readonly CatalogOption[] } = {
  style: pick('style', [
    'watercolor',
    'oil-painting',
    'anime',
    'cartoon',
    'pop-art',
    'cyberpunk',
    'steampunk',
    'pencil-sketch',
    '3d-animation',
    'pixel-art',
    'comic-book',
    'impressionism',
    'art-nouveau',
    'vintage-photo',
    'black-and-white',
    'film-noir',
    'fantasy-art',
    'stained-glass',
  ]),
  clothing: pick('clothing', ['business-suit', 'casual', 'tracksuit', 'dress', 'wedding-dress']),
  character: pick('character', [
    'superhero',
    'fairy',
    'wizard',
    'witch',
    'knight',
    'princess',
    'pirate',
    'viking',
    'samurai',
    'ninja',
    'astronaut',
    'robot',
    'cyborg',
    'vampire',
    'elf',
    'mermaid',
    'angel',
    'cowboy',
  ]),
  action: pick('action', [
    'walking',
    'running',
    'jumping',
    'flying',
    'swimming',
    'meditating',
    'waving',
    'reading',
    'cooking',
    'painting-canvas',
    'taking-selfie',
    'casting-spell',
    'sword-fighting',
    'horse',
    'dragon',
    'motorcycle',
    'surfing',
    'football',
    'yoga',
    'hip-hop',
    'electric-guitar',
  ]),
  environment: pick('environment', [
    'ocean',
    'forest',
    'city',
    'space',
    'castle',
    'desert',
    'underwater',
    'sky',
    'library',
    'cave',
    'volcano',
    'tropical-beach',
    'snowy-mountains',
    'paris',
    'neon-tokyo',
    'enchanted-forest',
    'ancient-egypt',
    'cyberpunk-city',
  ]),
  camera: pick('camera', [
    'extreme-close-up',
    'close-up',
    'medium-shot',
    'full-body',
    'wide-shot',
    'low-angle',
    'high-angle',
    'birds-eye',
    'dutch-angle',
    'over-the-shoulder',
    'pov',
    'profile',
    'three-quarter',
    'back-view',
    'fisheye',
    'macro',
    'tilt-shift',
    'bokeh',
  ]),
  lighting: [...LIGHTING_OPTIONS, ...WORKFLOW_ONLY_LIGHTING],
};

function isWorkflowCategory(category: CategoryId): category is WorkflowCategoryId {
  return (WORKFLOW_CATEGORY_IDS as readonly string[]).includes(category);
}

/** The option a workflow node of this type may carry: the editor's list, or the studio's for format and upscale. */
export function getWorkflowOption(category: CategoryId, id: string): CatalogOption | undefined {
  return isWorkflowCategory(category)
    ? WORKFLOW_CATALOG[category].find((option) => option.id === id)
    : getOption(category, id);
}

/**
 * Resolves a preview id such as "environment-tropical-beach" (category ids hold no hyphen, so the
 * first one separates them), for the thumbnail route.
 */
export function findOptionByThumbnail(thumbnail: string): { category: CategoryId; option: CatalogOption } | undefined {
  const separator = thumbnail.indexOf('-');
  const category = thumbnail.slice(0, separator);
  if (separator < 0 || !isCategoryId(category)) return undefined;
  const id = thumbnail.slice(separator + 1);
  const option = getOption(category, id) ?? getWorkflowOption(category, id);
  return option && { category, option };
}
