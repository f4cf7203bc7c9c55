import type { CategoryId } from './categories';

/** One choice in a category, as the studio shows it and the image engine reads it. */
export interface CatalogOption {
  /** Stable kebab-case id, unique within its category. */
  id: string;
  /** French display name. */
  name: string;
  /** English fragment for an image-editing model. */
  prompt: string;
  /** Preview id, served as /api/thumbnail/{thumbnail}.jpg. */
  thumbnail: string;
}

/** The content of one option row: id, French name, English prompt fragment. */
export type OptionRow = readonly [id: string, name: string, prompt: string];

export function thumbnailId(category: CategoryId, optionId: string): string {
  return `${category}-${optionId}`;
}

export function makeOption(category: CategoryId, [id, name, prompt]: OptionRow): CatalogOption {
  return { id, name, prompt, thumbnail: thumbnailId(category, id) };
}

export function defineOptions(category: CategoryId, rows: readonly OptionRow[]): CatalogOption[] {
  return rows.map((row) => makeOption(category, row));
}
