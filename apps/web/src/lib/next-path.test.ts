import { describe, expect, it } from 'vitest';
import { nextPathOf } from './next-path';

describe('nextPathOf', () => {
  it('goes back to the page of this site that sent the user to sign in', () => {
    expect(nextPathOf('?next=%2Fcreate')).toBe('/create');
    expect(nextPathOf('?next=/mobile-transform')).toBe('/mobile-transform');
  });

  it('goes home without a page, or for another site’s address', () => {
    expect(nextPathOf('')).toBe('/');
    for (const elsewhere of ['https://evil.example', '//evil.example', '/\\evil.example', 'create']) {
      expect(nextPathOf(`?next=${encodeURIComponent(elsewhere)}`)).toBe('/');
    }
  });
});
