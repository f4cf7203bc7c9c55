import { ConnectionException } from '@mikro-orm/core';
import { QUERY_TIMEOUT_CODE } from './database-waits';

/**
 * Network failures of the database client: the server is down, unreachable, cut the connection,
 * or left a query or a wait for a connection unanswered (see boundDatabaseWaits).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  QUERY_TIMEOUT_CODE,
]);

/** Whether `error`, or one of its causes, says the database cannot be reached (rather than refused a query). */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth += 1) {
    if (at instanceof ConnectionException) return true;
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  }
  return false;
}
