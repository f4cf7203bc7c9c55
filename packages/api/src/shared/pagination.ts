import { z } from 'zod';
import { wholeNumber } from './input';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export const paginationMessages = {
  invalidLimit: `La limite doit être un nombre entier entre 1 et ${MAX_PAGE_SIZE}.`,
  invalidCursor: 'Curseur de pagination invalide.',
  invalidOffset: 'Le décalage doit être un nombre entier positif ou nul.',
} as const;

/** Where the previous page ended: the position (a date) and the id of its last row. */
export interface Cursor {
  at: Date;
  id: number;
}

/**
 * `<epoch ms>_<id>`. Keyset pagination rather than offsets: a poll or a new post does not shift
 * the pages, and a deep page costs the same index range scan as the first one.
 */
function encodeCursor(cursor: Cursor): string {
  return `${cursor.at.getTime()}_${cursor.id}`;
}

const cursorSchema = z
  .string(paginationMessages.invalidCursor)
  .regex(/^\d{1,15}_\d{1,10}$/, paginationMessages.invalidCursor)
  .transform((text): Cursor => {
    const [at, id] = text.split('_');
    return { at: new Date(Number(at)), id: Number(id) };
  });

/** `limit` (default 50, at most 100) and the `cursor` a previous page returned as `nextCursor`. */
export const pageInput = z.object({
  limit: wholeNumber(paginationMessages.invalidLimit)
    .pipe(z.number().min(1, paginationMessages.invalidLimit).max(MAX_PAGE_SIZE, paginationMessages.invalidLimit))
    .default(DEFAULT_PAGE_SIZE),
  cursor: cursorSchema.optional(),
});
export type Page = z.infer<typeof pageInput>;

/** Rows after the cursor in `position desc, id desc` order; every row when there is no cursor. */
export function olderThan<P extends string>(position: P, cursor: Cursor | undefined) {
  if (!cursor) return {};
  return { $or: [{ [position]: { $lt: cursor.at } }, { [position]: cursor.at, id: { $lt: cursor.id } }] };
}

/** Cuts the one extra row fetched (`limit + 1`) to learn whether another page follows. */
export function pageOf<T extends { id: number }>(
  rows: T[],
  limit: number,
  positionOf: (row: T) => Date,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: positionOf(last), id: last.id }) : null,
  };
}
