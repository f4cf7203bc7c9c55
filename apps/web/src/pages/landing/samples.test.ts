import { getOption, isCategoryId } from '@atelier/catalog';
import { describe, expect, it } from 'vitest';
import { CHARACTERS } from './samples';

// The badges are written out rather than read from the catalogue: its option tables would
// add their weight to the landing page's first download.
describe('landing samples', () => {
  it('name each result by the option the studio shows under that name', () => {
    for (const { transformations } of CHARACTERS)
      for (const { style, choice } of transformations) {
        const [category, id] = Object.entries(choice)[0]!;
        expect(isCategoryId(category) && getOption(category, id)?.name).toBe(style);
      }
  });
});
