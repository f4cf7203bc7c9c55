import { z } from 'zod';

export const clientTextMessages = {
  forbiddenCharacter: 'Le texte contient un caractère non autorisé (caractère nul).',
  loneSurrogate: 'Le texte contient un caractère non autorisé (caractère Unicode incomplet).',
} as const;

/** Half of a UTF-16 surrogate pair without its other half: no character at all. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Text as a client sends it, for every string field of the API. A NUL character has no place in
 * a name, a prompt or an address, and SQLite refuses it in a bound value; a lone surrogate
 * (`"\ud800"` in JSON) is no text, and MariaDB's JSON columns refuse it. Both are refused here,
 * in French, before any service or database sees them.
 */
export function clientText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((text) => !text.includes('\0'), clientTextMessages.forbiddenCharacter)
    .refine((text) => !LONE_SURROGATE.test(text), clientTextMessages.loneSurrogate);
}
