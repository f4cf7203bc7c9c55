import { z } from 'zod';
import { commonMessages } from './errors';

/** The largest value of the INT primary keys: anything above names no row. */
const MAX_RECORD_ID = 2_147_483_647;

/**
 * A whole number as JSON or a URL carries it: an integer, or the same integer written in digits.
 * Nothing looser (`true`, `[5]`, `1e3`, a blank) that a plain coercion would turn into a number.
 */
export function wholeNumber(message: string) {
  return z.union(
    [
      z.number(message).int(message),
      z
        .string(message)
        .regex(/^\d{1,10}$/, message)
        .transform(Number),
    ],
    {
      error: message,
    },
  );
}

/** A row id from a path or a body. */
export const recordId = wholeNumber(commonMessages.invalidId).pipe(
  z.number().min(1, commonMessages.invalidId).max(MAX_RECORD_ID, commonMessages.invalidId),
);
