import { describe, expect, it } from 'vitest';
import type { Selection } from './catalog';
import { colorChoicesSchema, selectionSchema, workflowSelectionSchema } from './schemas';

describe('selectionSchema', () => {
  it('accepts known options, dialog actions included, and returns the catalogue names', () => {
    const parsed: Selection = selectionSchema.parse({
      style: { id: 'watercolor', name: 'whatever the client says' },
      action: { id: 'argentine-tango', name: 'Tango argentin' },
      format: { id: 'uhd-4k' },
    });
    expect(parsed).toEqual({
      style: { id: 'watercolor', name: 'Aquarelle' },
      action: { id: 'argentine-tango', name: 'Tango argentin' },
      format: { id: 'uhd-4k', name: '4K UHD' },
    });
    expect(selectionSchema.parse({})).toEqual({});
  });

  it('refuses unknown option ids, with the path of the bad one', () => {
    const result = selectionSchema.safeParse({
      style: { id: 'watercolor', name: 'Aquarelle' },
      camera: { id: 'nope', name: 'x' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['camera', 'id']]);
  });

  it('refuses an option from another category, unknown categories and malformed values', () => {
    expect(selectionSchema.safeParse({ style: { id: 'forest', name: 'Forêt' } }).success).toBe(false);
    expect(selectionSchema.safeParse({ weather: { id: 'rain', name: 'Pluie' } }).success).toBe(false);
    expect(selectionSchema.safeParse({ style: 'watercolor' }).success).toBe(false);
    expect(selectionSchema.safeParse({ style: { id: 'x'.repeat(500) } }).success).toBe(false);
    expect(selectionSchema.safeParse(null).success).toBe(false);
  });
});

describe('workflowSelectionSchema', () => {
  it("accepts the editor's own lighting moods, which the studio selection refuses, with the catalogue names", () => {
    const chosen = {
      lighting: { id: 'torchlight', name: 'anything' },
      style: { id: 'watercolor' },
      format: { id: 'square-1-1' },
    };
    expect(workflowSelectionSchema.parse(chosen)).toEqual({
      lighting: { id: 'torchlight', name: 'Torche enflammée' },
      style: { id: 'watercolor', name: 'Aquarelle' },
      format: { id: 'square-1-1', name: 'Carré 1:1' },
    });
    expect(selectionSchema.safeParse(chosen).success).toBe(false);
  });

  it('refuses options outside the editor catalogue, with the path of the bad one', () => {
    const result = workflowSelectionSchema.safeParse({ style: { id: 'acrylic' }, lighting: { id: 'nope' } });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['style', 'id'], 'Option inconnue pour cette catégorie'],
      [['lighting', 'id'], 'Option inconnue pour cette catégorie'],
    ]);
    expect(workflowSelectionSchema.safeParse({ weather: { id: 'rain' } }).success).toBe(false);
  });
});

describe('colorChoicesSchema', () => {
  const valid = {
    global: 'navy',
    elements: { clothing: { 'business-suit': 'charcoal' } },
    components: { clothing: { 'business-suit': { tie: 'crimson' } }, environment: { paris: { sky: 'sky-blue' } } },
  };

  it('accepts palette colours on known options and their parts', () => {
    expect(colorChoicesSchema.parse(valid)).toEqual(valid);
    expect(colorChoicesSchema.parse({})).toEqual({});
  });

  it('refuses colours outside the palette', () => {
    expect(colorChoicesSchema.safeParse({ global: '#ff0000' }).success).toBe(false);
    expect(colorChoicesSchema.safeParse({ elements: { style: { watercolor: 'ultraviolet' } } }).success).toBe(false);
  });

  it('refuses unknown options and parts the option does not have', () => {
    const paths = (input: unknown) => colorChoicesSchema.safeParse(input).error?.issues.map((issue) => issue.path);
    expect(paths({ elements: { clothing: { 'no-such-outfit': 'red' } } })).toEqual([
      ['elements', 'clothing', 'no-such-outfit'],
    ]);
    expect(paths({ components: { clothing: { 'business-suit': { veil: 'red' } } } })).toEqual([
      ['components', 'clothing', 'business-suit', 'veil'],
    ]);
    expect(colorChoicesSchema.safeParse({ components: { weather: { rain: { drops: 'blue' } } } }).success).toBe(false);
  });
});
