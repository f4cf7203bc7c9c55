import { isDatabaseUnreachable } from '@atelier/db';
import { AppError, commonMessages } from './errors';

/** Machine codes of the faults of this server's own resources; the HTTP layer gives each its status. */
export const FAULT_CODES = {
  databaseUnavailable: 'database_unavailable',
  redisUnavailable: 'redis_unavailable',
  storageFull: 'insufficient_storage',
  storageUnavailable: 'storage_unavailable',
} as const;

const FULL_DISK = new Set(['ENOSPC', 'EDQUOT']);
const READ_ONLY_DISK = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * What ioredis rejects a request's command with while Redis is gone (no offline queue, or the
 * retries spent over a reconnection) or frozen (the command timeout): see connectRedis.
 */
const REDIS_UNREACHABLE = new Set([
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Connection is closed.',
]);

function isRedisUnreachable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth += 1) {
    if (at.name === 'MaxRetriesPerRequestError' || REDIS_UNREACHABLE.has(at.message)) return true;
  }
  return false;
}

function errnoOf(error: unknown): string | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth += 1) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && (FULL_DISK.has(code) || READ_ONLY_DISK.has(code))) return code;
  }
  return null;
}

/**
 * A failure of the server's own resources hidden in what a procedure raised: the database or
 * Redis out of reach, a full or read-only disk. It becomes a French "unavailable" the client may retry later,
 * instead of a 500 or "the generation failed"; null for anything else.
 */
export function resourceFault(error: unknown): AppError | null {
  if (error instanceof AppError && error.appCode === 'UNAVAILABLE') return null;
  if (isDatabaseUnreachable(error)) {
    return new AppError('UNAVAILABLE', commonMessages.databaseUnavailable, {
      clientCode: FAULT_CODES.databaseUnavailable,
      cause: error,
    });
  }
  if (isRedisUnreachable(error)) {
    return new AppError('UNAVAILABLE', commonMessages.databaseUnavailable, {
      clientCode: FAULT_CODES.redisUnavailable,
      cause: error,
    });
  }
  const errno = errnoOf(error);
  if (errno === null) return null;
  return FULL_DISK.has(errno)
    ? new AppError('UNAVAILABLE', commonMessages.storageFull, { clientCode: FAULT_CODES.storageFull, cause: error })
    : new AppError('UNAVAILABLE', commonMessages.storageUnavailable, {
        clientCode: FAULT_CODES.storageUnavailable,
        cause: error,
      });
}
