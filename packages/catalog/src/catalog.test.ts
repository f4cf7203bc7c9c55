import { describe, expect, it } from 'vitest';
import { getOption, getOptions, getSelectableOptions, resolveSelection } from './catalog';
import { CATEGORY_IDS, type CategoryId } from './categories';
import { OPTIONS_SEPARATOR } from './find-options';
import { ACTION_GROUPS, getActionGroup } from './options/action-groups';
import { QUICK_STYLES } from './options/style';

/** The spec's "about N" sizes, as inclusive ranges. */
const SIZE_RANGES: Record<CategoryId, readonly [number, number]> = {
  style: [75, 85],
  character: [36, 44],
  action: [50, 60],
  environment: [45, 55],
  clothing: [190, 210],
  lighting: [36, 44],
  camera: [40, 44],
  format: [33, 39],
  upscale: [33, 39],
};

describe('studio catalogue', () => {
  it.each(CATEGORY_IDS)('%s has about the number of options the spec gives', (category) => {
    const [min, max] = SIZE_RANGES[category];
    const count = getOptions(category).length;
    expect(count).toBeGreaterThanOrEqual(min);
    expect(count).toBeLessThanOrEqual(max);
  });

  it('offers about 9 quick styles, all taken from the full style list', () => {
    expect(QUICK_STYLES).toHaveLength(9);
    for (const style of QUICK_STYLES) expect(getOption('style', style.id)).toBe(style);
  });

  it.each(CATEGORY_IDS)('%s ids are unique kebab-case, including the action dialogs', (category) => {
    const ids = getSelectableOptions(category).map((option) => option.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(CATEGORY_IDS)('every %s option has a French name, an English prompt and its thumbnail id', (category) => {
    for (const option of getSelectableOptions(category)) {
      expect(option.name.trim()).not.toBe('');
      expect(option.name).not.toContain(OPTIONS_SEPARATOR.trim());
      expect(option.prompt.split(' ').length, option.id).toBeGreaterThan(1);
      expect(option.thumbnail).toBe(`${category}-${option.id}`);
    }
  });

  it.each(CATEGORY_IDS)('%s names are unique within the category', (category) => {
    const names = getSelectableOptions(category).map((option) => option.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('special action groups', () => {
  const expected = {
    riding: ['ground', 'air', 'water', 'animals', 'fantasy'],
    sports: ['ball', 'water', 'winter', 'combat', 'extreme', 'fitness'],
    dance: ['classical', 'latin', 'ballroom', 'street', 'traditional', 'performance'],
    music: ['classical', 'modern', 'traditional', 'performance', 'instruments', 'recording'],
    etude: ['sciences', 'humanities', 'technology', 'arts'],
  };

  it('are the five groups with the spec sub-categories, each of exactly 8 options', () => {
    expect(
      Object.fromEntries(ACTION_GROUPS.map((group) => [group.id, group.subcategories.map((sub) => sub.id)])),
    ).toEqual(expected);
    for (const group of ACTION_GROUPS) {
      for (const sub of group.subcategories) {
        expect(sub.name.trim()).not.toBe('');
        expect(sub.options, `${group.id}/${sub.id}`).toHaveLength(8);
      }
    }
  });

  it('appear as action options that open their dialog', () => {
    const actionIds = getOptions('action').map((option) => option.id);
    for (const id of Object.keys(expected)) {
      expect(actionIds).toContain(id);
      expect(getActionGroup(id)?.name).toBe(getOption('action', id)?.name);
    }
  });

  it('have options that can be selected as actions though the grid does not show them', () => {
    const horse = getOption('action', 'horse');
    expect(horse?.name).toBe('Cheval');
    expect(horse?.thumbnail).toBe('action-horse');
    expect(getOptions('action').map((option) => option.id)).not.toContain('horse');
  });
});

describe('format and upscale data', () => {
  it('gives every format an aspect ratio in lowest terms, and sized formats a matching pixel size', () => {
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    for (const format of getOptions('format')) {
      const { width, height } = format.aspect;
      expect(gcd(width, height), format.id).toBe(1);
      if (format.kind === 'ratio') {
        expect(format.size).toBeUndefined();
      } else {
        expect(format.size, format.id).toBeDefined();
        expect((format.size?.width ?? 0) * height).toBe((format.size?.height ?? 0) * width);
      }
    }
  });

  it('covers ratios, HD to 8K, social networks and print', () => {
    const byId = (id: string) => getOption('format', id);
    expect(byId('widescreen-16-9')?.aspect).toEqual({ width: 16, height: 9 });
    expect(byId('vertical-9-16')?.aspect).toEqual({ width: 9, height: 16 });
    expect(byId('uhd-8k')?.size).toEqual({ width: 7680, height: 4320 });
    expect(byId('instagram-story')?.kind).toBe('social');
    expect(byId('a4-portrait')?.size).toEqual({ width: 2480, height: 3508 });
    expect(new Set(getOptions('format').map((format) => format.kind))).toEqual(
      new Set(['ratio', 'resolution', 'social', 'print']),
    );
  });

  it('gives every upscale a scale factor of at least 1 and a sharpening amount from 0 to 1', () => {
    for (const upscale of getOptions('upscale')) {
      expect(upscale.scale).toBeGreaterThanOrEqual(1);
      expect(upscale.scale).toBeLessThanOrEqual(4);
      expect(upscale.sharpen).toBeGreaterThanOrEqual(0);
      expect(upscale.sharpen).toBeLessThanOrEqual(1);
    }
    expect(getOption('upscale', 'upscale-2x')).toMatchObject({ scale: 2 });
  });
});

describe('resolveSelection', () => {
  it('lists the chosen options in category order and drops ids the catalogue does not know', () => {
    const resolved = resolveSelection({
      lighting: { id: 'golden-hour', name: 'Heure dorée' },
      style: { id: 'watercolor', name: 'Aquarelle' },
      camera: { id: 'no-such-angle', name: 'Inconnu' },
    });
    expect(resolved.map(({ category, option }) => `${category}:${option.id}`)).toEqual([
      'style:watercolor',
      'lighting:golden-hour',
    ]);
  });
});
