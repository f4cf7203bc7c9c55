import type { CategoryId } from './categories';
import type { SelectedOption } from './catalog';
import { normalizeText } from './text';

export type ComponentCategory =
  'clothing' | 'accessory' | 'footwear' | 'environment' | 'artistic' | 'character' | 'general';

/** A part of an option that can take its own colour; the id doubles as its English name in prompts. */
export interface Component {
  id: string;
  /** French display name. */
  name: string;
  category: ComponentCategory;
}

const COMPONENT_TABLE = {
  // Garments
  jacket: ['Veste', 'clothing'],
  coat: ['Manteau', 'clothing'],
  shirt: ['Chemise', 'clothing'],
  top: ['Haut', 'clothing'],
  sweater: ['Pull', 'clothing'],
  trousers: ['Pantalon', 'clothing'],
  jeans: ['Jean', 'clothing'],
  shorts: ['Short', 'clothing'],
  skirt: ['Jupe', 'clothing'],
  dress: ['Robe', 'clothing'],
  jumpsuit: ['Combinaison', 'clothing'],
  bottom: ['Bas', 'clothing'],
  bodice: ['Corsage', 'clothing'],
  'track-jacket': ['Veste de survêtement', 'clothing'],
  'track-pants': ['Pantalon de survêtement', 'clothing'],
  cape: ['Cape', 'clothing'],
  armor: ['Armure', 'clothing'],
  apron: ['Tablier', 'clothing'],
  // Accessories
  tie: ['Cravate', 'accessory'],
  'bow-tie': ['Nœud papillon', 'accessory'],
  belt: ['Ceinture', 'accessory'],
  hat: ['Chapeau', 'accessory'],
  crown: ['Couronne', 'accessory'],
  glasses: ['Lunettes', 'accessory'],
  scarf: ['Écharpe', 'accessory'],
  gloves: ['Gants', 'accessory'],
  bag: ['Sac', 'accessory'],
  necklace: ['Collier', 'accessory'],
  watch: ['Montre', 'accessory'],
  veil: ['Voile', 'accessory'],
  lace: ['Dentelle', 'accessory'],
  bouquet: ['Bouquet', 'accessory'],
  'side-stripes': ['Bandes latérales', 'accessory'],
  // Footwear
  shoes: ['Chaussures', 'footwear'],
  sneakers: ['Baskets', 'footwear'],
  boots: ['Bottes', 'footwear'],
  heels: ['Talons', 'footwear'],
  // Scenery
  sky: ['Ciel', 'environment'],
  ground: ['Sol', 'environment'],
  background: ['Arrière-plan', 'environment'],
  water: ['Eau', 'environment'],
  waves: ['Vagues', 'environment'],
  sand: ['Sable', 'environment'],
  dunes: ['Dunes', 'environment'],
  rocks: ['Rochers', 'environment'],
  trees: ['Arbres', 'environment'],
  foliage: ['Feuillage', 'environment'],
  'light-rays': ['Rayons de lumière', 'environment'],
  buildings: ['Bâtiments', 'environment'],
  street: ['Rue', 'environment'],
  'city-lights': ['Lumières de la ville', 'environment'],
  stars: ['Étoiles', 'environment'],
  nebula: ['Nébuleuse', 'environment'],
  planets: ['Planètes', 'environment'],
  walls: ['Murailles', 'environment'],
  towers: ['Tours', 'environment'],
  banners: ['Bannières', 'environment'],
  corals: ['Coraux', 'environment'],
  fish: ['Poissons', 'environment'],
  clouds: ['Nuages', 'environment'],
  sun: ['Soleil', 'environment'],
  bookshelves: ['Étagères', 'environment'],
  books: ['Livres', 'environment'],
  lamps: ['Lampes', 'environment'],
  stalactites: ['Stalactites', 'environment'],
  crystals: ['Cristaux', 'environment'],
  lava: ['Lave', 'environment'],
  smoke: ['Fumée', 'environment'],
  // Artistic rendering
  washes: ['Lavis', 'artistic'],
  paper: ['Papier', 'artistic'],
  outlines: ['Contours', 'artistic'],
  brushstrokes: ['Coups de pinceau', 'artistic'],
  highlights: ['Reflets', 'artistic'],
  shadows: ['Ombres', 'artistic'],
  'halftone-dots': ['Trames', 'artistic'],
  'neon-glow': ['Lueurs néon', 'artistic'],
  'glass-panes': ['Verres', 'artistic'],
  'lead-lines': ['Plombs', 'artistic'],
  // Character
  hair: ['Cheveux', 'character'],
  eyes: ['Yeux', 'character'],
  outfit: ['Tenue', 'character'],
  wings: ['Ailes', 'character'],
  // Anything else
  'main-color': ['Couleur principale', 'general'],
  'secondary-color': ['Couleur secondaire', 'general'],
  'accent-color': ["Couleur d'accent", 'general'],
} as const satisfies Record<string, readonly [name: string, category: ComponentCategory]>;

type ComponentId = keyof typeof COMPONENT_TABLE;

function toComponent(id: ComponentId): Component {
  const [name, category] = COMPONENT_TABLE[id];
  return { id, name, category };
}

export const COMPONENTS: readonly Component[] = (Object.keys(COMPONENT_TABLE) as ComponentId[]).map(toComponent);

export function getComponent(id: string): Component | undefined {
  return COMPONENTS.find((component) => component.id === id);
}

/** Options whose parts are known: category → option id → components. */
const PREDEFINED: Partial<Record<CategoryId, Record<string, readonly ComponentId[]>>> = {
  clothing: {
    'business-suit': ['jacket', 'trousers', 'shirt', 'tie', 'shoes'],
    casual: ['top', 'jeans', 'sneakers'],
    tracksuit: ['track-jacket', 'track-pants', 'side-stripes', 'sneakers'],
    dress: ['dress', 'belt', 'heels'],
    'wedding-dress': ['bodice', 'skirt', 'veil', 'lace', 'bouquet'],
    jeans: ['jeans', 'top', 'belt', 'sneakers'],
  },
  environment: {
    ocean: ['water', 'waves', 'sky'],
    forest: ['trees', 'foliage', 'ground', 'light-rays'],
    city: ['buildings', 'street', 'sky', 'city-lights'],
    space: ['stars', 'nebula', 'planets'],
    castle: ['walls', 'towers', 'banners', 'sky'],
    desert: ['sand', 'dunes', 'rocks', 'sky'],
    underwater: ['water', 'corals', 'fish', 'light-rays'],
    sky: ['sky', 'clouds', 'sun'],
    library: ['bookshelves', 'books', 'lamps'],
    cave: ['rocks', 'stalactites', 'crystals', 'water'],
    volcano: ['lava', 'smoke', 'rocks', 'sky'],
  },
  style: {
    watercolor: ['washes', 'paper', 'outlines'],
    'oil-painting': ['brushstrokes', 'highlights', 'background'],
    'pop-art': ['halftone-dots', 'outlines', 'background'],
    'comic-book': ['outlines', 'halftone-dots', 'shadows'],
    cyberpunk: ['neon-glow', 'highlights', 'shadows'],
    'stained-glass': ['glass-panes', 'lead-lines', 'background'],
  },
};

/** French garment words (accent-free; a plural s also matches) and the parts they name. */
const KEYWORD_RULES: readonly (readonly [keywords: readonly string[], components: readonly ComponentId[]])[] = [
  [
    ['costume', 'uniforme', 'tailleur', 'smoking', 'queue de pie'],
    ['jacket', 'trousers'],
  ],
  [['veste', 'blouson', 'blazer', 'bomber', 'doudoune', 'coupe vent'], ['jacket']],
  [['manteau', 'trench', 'caban', 'parka', 'duffle coat', 'cire'], ['coat']],
  [['chemise', 'chemisier'], ['shirt']],
  [['t shirt', 'polo', 'mariniere', 'top', 'maillot'], ['top']],
  [['pull', 'sweat', 'cardigan', 'col roule', 'gilet'], ['sweater']],
  [['pantalon', 'chino', 'jogging', 'cargo', 'culotte'], ['trousers']],
  [['short', 'bermuda'], ['shorts']],
  [['jupe', 'minijupe', 'kilt'], ['skirt']],
  [['robe', 'toge', 'tunique', 'caftan', 'djellaba', 'abaya', 'sari', 'kimono', 'chiton'], ['dress']],
  [['combinaison', 'salopette', 'bleu de travail'], ['jumpsuit']],
  [['armure'], ['armor']],
  [['cape'], ['cape']],
  [['tablier'], ['apron']],
  [['cravate'], ['tie']],
  [['noeud papillon'], ['bow-tie']],
  [['ceinture'], ['belt']],
  [['chapeau', 'casquette', 'beret', 'bonnet', 'haut de forme'], ['hat']],
  [['couronne', 'diademe'], ['crown']],
  [['lunette'], ['glasses']],
  [['echarpe', 'foulard'], ['scarf']],
  [['gant'], ['gloves']],
  [['sac'], ['bag']],
  [['collier', 'chaine'], ['necklace']],
  [['montre'], ['watch']],
  [['aile'], ['wings']],
  [['baskets'], ['sneakers']], // not "basket": "Maillot de basket" is a jersey
  [['botte', 'santiag', 'ranger'], ['boots']],
  [['escarpin', 'talon'], ['heels']],
  [['chaussure', 'sandale', 'ballerine', 'mocassin'], ['shoes']],
];

const GENERAL_FALLBACK: readonly ComponentId[] = ['main-color', 'secondary-color', 'accent-color'];

const FALLBACKS: Partial<Record<CategoryId, readonly ComponentId[]>> = {
  clothing: ['top', 'bottom', 'shoes'],
  character: ['hair', 'eyes', 'outfit'],
  environment: ['sky', 'ground', 'background'],
};

/** Component ids named by garment words in an option name ("Veste en jean" → jacket). */
function guessFromName(name: string): ComponentId[] {
  const padded = ` ${normalizeText(name)} `;
  const mentions = (keyword: string) => padded.includes(` ${keyword} `) || padded.includes(` ${keyword}s `);
  const guessed = KEYWORD_RULES.flatMap(([keywords, components]) => (keywords.some(mentions) ? components : []));
  return [...new Set(guessed)];
}

/**
 * The parts of an option a user can colour separately: the predefined list when there is one,
 * else the garment words found in its name, else a generic list for its category.
 */
export function componentsFor(category: CategoryId, option: SelectedOption): readonly Component[] {
  const predefined = PREDEFINED[category]?.[option.id];
  if (predefined) return predefined.map(toComponent);
  const guessed = guessFromName(option.name);
  return (guessed.length > 0 ? guessed : (FALLBACKS[category] ?? GENERAL_FALLBACK)).map(toComponent);
}
