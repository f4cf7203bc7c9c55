import type { CategoryId } from './categories';

export interface PaletteColor {
  id: string;
  /** French display name. */
  name: string;
  /** #RRGGBB */
  hex: string;
  /** English colour words for the model. */
  prompt: string;
}

type ColorRow = readonly [id: string, name: string, hex: string, prompt: string];

/** The studio palette, ordered by hue so the 6-column grid reads as a colour wheel. */
const ROWS: readonly ColorRow[] = [
  // Reds and pinks
  ['red', 'Rouge', '#E53935', 'red'],
  ['crimson', 'Cramoisi', '#DC143C', 'crimson red'],
  ['scarlet', 'Écarlate', '#FF2400', 'bright scarlet'],
  ['burgundy', 'Bordeaux', '#800020', 'deep burgundy'],
  ['raspberry', 'Framboise', '#E30B5C', 'raspberry red'],
  ['pink', 'Rose', '#F48FB1', 'pink'],
  ['hot-pink', 'Rose vif', '#FF69B4', 'hot pink'],
  ['pastel-pink', 'Rose pâle', '#FFD1DC', 'pastel pink'],
  ['neon-pink', 'Rose fluo', '#FF1493', 'neon pink'],
  ['magenta', 'Magenta', '#FF00FF', 'magenta'],
  ['coral', 'Corail', '#FF7F50', 'coral'],
  ['salmon', 'Saumon', '#FA8072', 'salmon pink'],
  // Oranges and yellows
  ['orange', 'Orange', '#FB8C00', 'orange'],
  ['tangerine', 'Mandarine', '#F28500', 'tangerine orange'],
  ['peach', 'Pêche', '#FFCBA4', 'soft peach'],
  ['amber', 'Ambre', '#FFBF00', 'amber'],
  ['yellow', 'Jaune', '#FDD835', 'yellow'],
  ['lemon', 'Citron', '#FFF44F', 'lemon yellow'],
  ['mustard', 'Moutarde', '#E1AD01', 'mustard yellow'],
  ['gold', 'Or', '#D4AF37', 'metallic gold'],
  // Browns and neutrals
  ['cream', 'Crème', '#FFFDD0', 'cream'],
  ['ivory', 'Ivoire', '#FFFFF0', 'ivory'],
  ['beige', 'Beige', '#F5F5DC', 'beige'],
  ['sand', 'Sable', '#C2B280', 'sandy beige'],
  ['tan', 'Fauve', '#D2B48C', 'tan'],
  ['camel', 'Camel', '#C19A6B', 'camel brown'],
  ['khaki', 'Kaki', '#C3B091', 'khaki'],
  ['brown', 'Marron', '#795548', 'brown'],
  ['chocolate', 'Chocolat', '#5D3A1A', 'dark chocolate brown'],
  ['rust', 'Rouille', '#B7410E', 'rust orange-brown'],
  ['terracotta', 'Terre cuite', '#E2725B', 'terracotta'],
  ['copper', 'Cuivre', '#B87333', 'metallic copper'],
  ['bronze', 'Bronze', '#CD7F32', 'metallic bronze'],
  ['rose-gold', 'Or rose', '#B76E79', 'rose gold'],
  // Greens
  ['olive', 'Olive', '#808000', 'olive green'],
  ['lime', 'Citron vert', '#32CD32', 'lime green'],
  ['neon-green', 'Vert fluo', '#39FF14', 'neon green'],
  ['green', 'Vert', '#43A047', 'green'],
  ['emerald', 'Émeraude', '#50C878', 'emerald green'],
  ['forest-green', 'Vert forêt', '#228B22', 'forest green'],
  ['mint', 'Menthe', '#98FF98', 'mint green'],
  ['sage', 'Sauge', '#9CAF88', 'sage green'],
  // Blues
  ['teal', 'Bleu canard', '#008080', 'teal'],
  ['turquoise', 'Turquoise', '#40E0D0', 'turquoise'],
  ['aquamarine', 'Aigue-marine', '#7FFFD4', 'aquamarine'],
  ['cyan', 'Cyan', '#00BCD4', 'cyan'],
  ['sky-blue', 'Bleu ciel', '#87CEEB', 'sky blue'],
  ['electric-blue', 'Bleu électrique', '#7DF9FF', 'electric blue'],
  ['blue', 'Bleu', '#1E88E5', 'blue'],
  ['denim', 'Bleu jean', '#1560BD', 'denim blue'],
  ['royal-blue', 'Bleu roi', '#4169E1', 'royal blue'],
  ['cobalt', 'Cobalt', '#0047AB', 'cobalt blue'],
  ['navy', 'Bleu marine', '#000080', 'navy blue'],
  // Purples
  ['indigo', 'Indigo', '#4B0082', 'indigo'],
  ['lavender', 'Lavande', '#B57EDC', 'lavender'],
  ['lilac', 'Lilas', '#C8A2C8', 'lilac'],
  ['mauve', 'Mauve', '#E0B0FF', 'mauve'],
  ['purple', 'Violet', '#8E24AA', 'purple'],
  ['plum', 'Prune', '#8E4585', 'plum'],
  // Greys, black and white
  ['white', 'Blanc', '#FFFFFF', 'white'],
  ['light-grey', 'Gris clair', '#D3D3D3', 'light grey'],
  ['grey', 'Gris', '#9E9E9E', 'grey'],
  ['silver', 'Argent', '#C0C0C0', 'metallic silver'],
  ['charcoal', 'Anthracite', '#36454F', 'charcoal grey'],
  ['black', 'Noir', '#000000', 'black'],
];

export const COLORS: readonly PaletteColor[] = ROWS.map(([id, name, hex, prompt]) => ({ id, name, hex, prompt }));

export function getColor(id: string): PaletteColor | undefined {
  return COLORS.find((color) => color.id === id);
}

/** Colour ids for whole options: category → option id → palette colour id. */
export type ElementColors = Partial<Record<CategoryId, Record<string, string>>>;

/** Colour ids for parts of options: category → option id → component id → palette colour id. */
export type ComponentColors = Partial<Record<CategoryId, Record<string, Record<string, string>>>>;

export interface ColorChoices {
  /** Palette colour id applied to the whole image. */
  global?: string;
  elements?: ElementColors;
  components?: ComponentColors;
}
