import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_IDS, getCategory, isCategoryId } from './categories';

describe('categories', () => {
  it('are the nine categories with their French names, in studio order', () => {
    expect(CATEGORIES.map(({ id, name }) => [id, name])).toEqual([
      ['style', 'Style'],
      ['character', 'Qui'],
      ['action', 'Quoi'],
      ['environment', 'Où'],
      ['clothing', 'Vêtement'],
      ['lighting', 'Lumière'],
      ['camera', 'Angle'],
      ['format', 'Taille'],
      ['upscale', 'HD'],
    ]);
    expect(CATEGORIES.map((category) => category.id)).toEqual([...CATEGORY_IDS]);
  });

  it('each have an icon key', () => {
    for (const category of CATEGORIES) expect(category.icon).toMatch(/^[a-z-]+$/);
  });

  it('are looked up by id, and unknown ids are recognised as such', () => {
    expect(getCategory('environment')?.name).toBe('Où');
    expect(getCategory('weather')).toBeUndefined();
    expect(isCategoryId('upscale')).toBe(true);
    expect(isCategoryId('Style')).toBe(false);
  });
});
