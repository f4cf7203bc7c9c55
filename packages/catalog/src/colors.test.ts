import { describe, expect, it } from 'vitest';
import { COLORS, getColor } from './colors';

describe('colour palette', () => {
  it('has about 65 colours with unique ids and names', () => {
    expect(COLORS.length).toBeGreaterThanOrEqual(60);
    expect(COLORS.length).toBeLessThanOrEqual(70);
    expect(new Set(COLORS.map((color) => color.id)).size).toBe(COLORS.length);
    expect(new Set(COLORS.map((color) => color.name)).size).toBe(COLORS.length);
  });

  it('gives every colour a kebab-case id, a valid hex value and English prompt words', () => {
    for (const color of COLORS) {
      expect(color.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(color.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(color.prompt).toMatch(/^[a-z -]+$/);
    }
  });

  it('includes the colours the spec names', () => {
    const named = ['red', 'blue', 'yellow', 'green', 'orange', 'purple', 'pink', 'magenta'];
    named.push('coral', 'brown', 'tan', 'rust', 'turquoise', 'teal', 'navy');
    for (const id of named) expect(getColor(id)?.prompt, id).toContain(id);
  });

  it('looks colours up by id', () => {
    expect(getColor('navy')).toEqual({ id: 'navy', name: 'Bleu marine', hex: '#000080', prompt: 'navy blue' });
    expect(getColor('#000080')).toBeUndefined();
  });
});
