/** The nine option categories, in the order the studio shows them and prompts list them. */
export const CATEGORY_IDS = [
  'style',
  'character',
  'action',
  'environment',
  'clothing',
  'lighting',
  'camera',
  'format',
  'upscale',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Category {
  id: CategoryId;
  /** French display name. */
  name: string;
  /** Icon key the UI maps to an icon component (Tabler icon names). */
  icon: string;
}

export const CATEGORIES: readonly Category[] = [
  { id: 'style', name: 'Style', icon: 'palette' },
  { id: 'character', name: 'Qui', icon: 'user' },
  { id: 'action', name: 'Quoi', icon: 'run' },
  { id: 'environment', name: 'Où', icon: 'mountain' },
  { id: 'clothing', name: 'Vêtement', icon: 'shirt' },
  { id: 'lighting', name: 'Lumière', icon: 'bulb' },
  { id: 'camera', name: 'Angle', icon: 'camera' },
  { id: 'format', name: 'Taille', icon: 'crop' },
  { id: 'upscale', name: 'HD', icon: 'hd' },
];

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

export function getCategory(id: string): Category | undefined {
  return CATEGORIES.find((category) => category.id === id);
}
