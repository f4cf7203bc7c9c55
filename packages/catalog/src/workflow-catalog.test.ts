import { describe, expect, it } from 'vitest';
import { getOption, getOptions } from './catalog';
import {
  WORKFLOW_CATALOG,
  WORKFLOW_CATEGORY_IDS,
  WORKFLOW_CATEGORY_NAMES,
  findOptionByThumbnail,
  getWorkflowOption,
} from './workflow-catalog';

describe('workflow catalogue', () => {
  it('has the sizes the spec gives', () => {
    const sizes = Object.fromEntries(
      WORKFLOW_CATEGORY_IDS.map((category) => [category, WORKFLOW_CATALOG[category].length]),
    );
    expect(sizes).toMatchObject({ style: 18, clothing: 5, character: 18, action: 21, environment: 18, camera: 18 });
    expect(sizes.lighting).toBeGreaterThanOrEqual(55);
    expect(sizes.lighting).toBeLessThanOrEqual(65);
  });

  it('includes the superhero and the fairy', () => {
    const characters = WORKFLOW_CATALOG.character.map((option) => option.id);
    expect(characters).toEqual(expect.arrayContaining(['superhero', 'fairy']));
  });

  it.each(WORKFLOW_CATEGORY_IDS)('%s options have unique ids, a name, a prompt and a thumbnail', (category) => {
    const options = WORKFLOW_CATALOG[category];
    expect(new Set(options.map((option) => option.id)).size).toBe(options.length);
    expect(new Set(options.map((option) => option.name)).size).toBe(options.length);
    for (const option of options) {
      expect(option.name.trim()).not.toBe('');
      expect(option.prompt.split(' ').length).toBeGreaterThan(1);
      expect(option.thumbnail).toBe(`${category}-${option.id}`);
    }
  });

  it('reuses the studio options, with extra lighting moods of its own', () => {
    for (const category of WORKFLOW_CATEGORY_IDS) {
      const own = WORKFLOW_CATALOG[category].filter((option) => getOption(category, option.id) !== option);
      const expectedOwn =
        category === 'lighting' ? WORKFLOW_CATALOG.lighting.length - getOptions('lighting').length : 0;
      expect(own.length, category).toBe(expectedOwn);
    }
  });

  it('labels its categories the way its toolbar does', () => {
    expect(WORKFLOW_CATEGORY_NAMES.character).toBe('Personnage');
    expect(WORKFLOW_CATEGORY_NAMES.clothing).toBe('Vêtements');
  });

  it('looks options up in its own list, and in the studio for format and upscale nodes', () => {
    expect(getWorkflowOption('lighting', 'lava-glow')?.name).toBe('Lueur de lave');
    expect(getWorkflowOption('style', 'glitch')).toBeUndefined();
    expect(getWorkflowOption('format', 'square-1-1')?.name).toBe('Carré 1:1');
  });
});

describe('findOptionByThumbnail', () => {
  it('resolves studio, dialog and workflow-only thumbnails', () => {
    expect(findOptionByThumbnail('environment-tropical-beach')?.option.name).toBe('Plage tropicale');
    expect(findOptionByThumbnail('action-hot-air-balloon')?.option.name).toBe('Montgolfière');
    expect(findOptionByThumbnail('lighting-lava-glow')).toMatchObject({ category: 'lighting' });
  });

  it('refuses unknown categories, unknown options and malformed ids', () => {
    expect(findOptionByThumbnail('weather-rain')).toBeUndefined();
    expect(findOptionByThumbnail('style-no-such-style')).toBeUndefined();
    expect(findOptionByThumbnail('style')).toBeUndefined();
    expect(findOptionByThumbnail('../etc-passwd')).toBeUndefined();
  });
});
