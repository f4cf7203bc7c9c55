import { describe, expect, it } from 'vitest';
import { getOption, getSelectableOptions } from './catalog';
import { CATEGORY_IDS, type CategoryId } from './categories';
import { COMPONENTS, componentsFor, getComponent } from './components';

const idsFor = (category: CategoryId, id: string, name = getOption(category, id)?.name ?? '') =>
  componentsFor(category, { id, name }).map((component) => component.id);

describe('components', () => {
  it('have unique kebab-case ids (their English names in prompts), French names and a known category', () => {
    expect(new Set(COMPONENTS.map((component) => component.id)).size).toBe(COMPONENTS.length);
    const categories = ['clothing', 'accessory', 'footwear', 'environment', 'artistic', 'character', 'general'];
    for (const component of COMPONENTS) {
      expect(component.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(component.name.trim()).not.toBe('');
      expect(categories).toContain(component.category);
    }
    expect(getComponent('tie')).toEqual({ id: 'tie', name: 'Cravate', category: 'accessory' });
  });

  it('are predefined for the clothing and places the spec names', () => {
    expect(idsFor('clothing', 'business-suit')).toEqual(['jacket', 'trousers', 'shirt', 'tie', 'shoes']);
    expect(idsFor('clothing', 'wedding-dress')).toContain('veil');
    expect(idsFor('environment', 'underwater')).toEqual(['water', 'corals', 'fish', 'light-rays']);
    for (const id of ['casual', 'tracksuit', 'dress', 'jeans']) expect(getOption('clothing', id), id).toBeDefined();
    for (const id of ['ocean', 'forest', 'city', 'space', 'castle', 'desert', 'sky', 'library', 'cave', 'volcano']) {
      expect(getOption('environment', id), id).toBeDefined();
      expect(idsFor('environment', id), id).not.toEqual(['sky', 'ground', 'background']);
    }
    expect(idsFor('style', 'watercolor')).toEqual(['washes', 'paper', 'outlines']);
  });

  it('are guessed from garment words in the name, accents and plurals included', () => {
    expect(idsFor('clothing', 'denim-jacket')).toEqual(['jacket']);
    expect(idsFor('clothing', 'shirt-and-tie')).toEqual(['shirt', 'tie']);
    expect(idsFor('clothing', 'hiking-boots')).toEqual(['shoes']);
    expect(idsFor('clothing', 'rain-boots')).toEqual(['boots']);
    expect(idsFor('clothing', 'skirt-suit')).toEqual(['jacket', 'trousers', 'skirt']);
    expect(idsFor('clothing', 'basketball-jersey')).toEqual(['top']);
    expect(idsFor('character', 'custom', 'Écharpe et chapeau')).toEqual(['hat', 'scarf']);
  });

  it('fall back to a generic list for the category', () => {
    expect(idsFor('clothing', 'bikini')).toEqual(['top', 'bottom', 'shoes']);
    expect(idsFor('character', 'pirate')).toEqual(['hair', 'eyes', 'outfit']);
    expect(idsFor('environment', 'paris')).toEqual(['sky', 'ground', 'background']);
    expect(idsFor('lighting', 'golden-hour')).toEqual(['main-color', 'secondary-color', 'accent-color']);
  });

  it('exist for every selectable option', () => {
    for (const category of CATEGORY_IDS) {
      for (const option of getSelectableOptions(category)) {
        expect(componentsFor(category, option).length, `${category}:${option.id}`).toBeGreaterThan(0);
      }
    }
  });
});
