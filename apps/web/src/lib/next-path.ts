import { PLACES } from './places';

/**
 * Where to go once signed in: the page of this site named by `?next=` (the studio a visitor left to
 * sign in), else the home page. Another site's address is ignored, so the link cannot send anyone away.
 */
export function nextPathOf(search: string, fallback = '/'): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** Where a new member lands: the page they came for, else the studio with its welcome (not a home that asks to sign up again). */
export const WELCOME_PATH = `${PLACES.studio.path}?bienvenue=1`;
