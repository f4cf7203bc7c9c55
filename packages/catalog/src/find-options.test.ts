import { describe, expect, it } from 'vitest';
import { getSelectableOptions, type Selection } from './catalog';
import { CATEGORY_IDS } from './categories';
import { COLORS } from './colors';
import { componentsFor } from './components';
import { findOptionsInText } from './find-options';
import { buildStyleText } from './prompts';
import { normalizeText } from './text';

/** Small seeded generator, so a failing random case is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function pickFrom<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

const ids = (selection: Selection) =>
  Object.fromEntries(Object.entries(selection).map(([category, option]) => [category, option.id]));

describe('findOptionsInText', () => {
  it('matches French names whatever the case and accents', () => {
    expect(ids(findOptionsInText('une AQUARELLE dans une foret, lumiere: heure doree'))).toEqual({
      style: 'watercolor',
      environment: 'forest',
      lighting: 'golden-hour',
    });
  });

  it('matches ids, with hyphens or spaces', () => {
    expect(ids(findOptionsInText('pop-art, low angle, uhd-8k'))).toEqual({
      style: 'pop-art',
      camera: 'low-angle',
      format: 'uhd-8k',
    });
  });

  it('prefers the longest name and keeps one option per category', () => {
    expect(ids(findOptionsInText('Forêt enchantée'))).toEqual({ environment: 'enchanted-forest' });
    expect(ids(findOptionsInText('Costume de pirate'))).toEqual({ clothing: 'pirate-costume' });
    expect(ids(findOptionsInText('Forêt, puis Désert'))).toEqual({ environment: 'desert' });
  });

  it('finds options inside the special action dialogs', () => {
    expect(ids(findOptionsInText('perché sur un Dragon'))).toEqual({ action: 'dragon' });
    expect(ids(findOptionsInText('Tango argentin'))).toEqual({ action: 'argentine-tango' });
  });

  it('returns the catalogue names and nothing for unrelated text', () => {
    expect(findOptionsInText('aquarelle')).toEqual({ style: { id: 'watercolor', name: 'Aquarelle' } });
    expect(findOptionsInText('rendre la photo plus jolie')).toEqual({});
    expect(findOptionsInText('')).toEqual({});
  });

  it('can tell every option apart: no folded name or id belongs to two options', () => {
    const owners = new Map<string, string>();
    for (const category of CATEGORY_IDS) {
      for (const option of getSelectableOptions(category)) {
        for (const term of new Set([normalizeText(option.name), normalizeText(option.id)])) {
          const owner = `${category}:${option.id}`;
          expect(owners.get(term) ?? owner, `"${term}"`).toBe(owner);
          owners.set(term, owner);
        }
      }
    }
  });

  it.each(CATEGORY_IDS)('recovers every single %s option from the built style text', (category) => {
    for (const option of getSelectableOptions(category)) {
      const selection: Selection = { [category]: { id: option.id, name: option.name } };
      expect(findOptionsInText(buildStyleText(selection))).toEqual(selection);
    }
  });

  it('recovers random selections, with colours, from the built style text', () => {
    const random = seededRandom(20240611);
    for (let round = 0; round < 500; round += 1) {
      const selection: Selection = {};
      const elements: Record<string, Record<string, string>> = {};
      const components: Record<string, Record<string, Record<string, string>>> = {};
      for (const category of CATEGORY_IDS) {
        if (random() < 0.4) continue;
        const option = pickFrom(getSelectableOptions(category), random);
        selection[category] = { id: option.id, name: option.name };
        if (random() < 0.3) elements[category] = { [option.id]: pickFrom(COLORS, random).id };
        if (random() < 0.3) {
          const component = pickFrom(componentsFor(category, option), random);
          components[category] = { [option.id]: { [component.id]: pickFrom(COLORS, random).id } };
        }
      }
      const text = buildStyleText(selection, { global: pickFrom(COLORS, random).id, elements, components });
      expect(findOptionsInText(text), text).toEqual(selection);
    }
  });
});
