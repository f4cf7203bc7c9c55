import { z } from 'zod';

export const clientTextMessages = {
  forbiddenCharacter: 'Le texte contient un caractère non autorisé (caractère nul).',
} as const;

/**
 * Text as a client sends it, for every string field of the API. A NUL character has no place in
 * a name, a prompt or an address, and SQLite refuses it in a bound value: it is refused here, in
 * French, before any service or database sees it.
 */
export function clientText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((text) => !text.includes('\0'), clientTextMessages.forbiddenCharacter);
}
