import { describe, expect, it } from 'vitest';
import { nextPathOf, WELCOME_PATH } from './next-path';

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

  it('sends a new member to the studio’s welcome, unless they came for a page', () => {
    expect(nextPathOf('', WELCOME_PATH)).toBe('/transform?bienvenue=1');
    expect(nextPathOf('?next=%2Fcheckout%3Fplan%3Davance', WELCOME_PATH)).toBe('/checkout?plan=avance');
  });
});
