import { isDatabaseUnreachable } from '@atelier/db';
import { AppError, commonMessages } from './errors';

/** Machine codes of the faults of this server's own resources; the HTTP layer gives each its status. */
export const FAULT_CODES = {
  databaseUnavailable: 'database_unavailable',
  redisUnavailable: 'redis_unavailable',
  storageFull: 'insufficient_storage',
  storageUnavailable: 'storage_unavailable',
} as const;

export type FaultCode = (typeof FAULT_CODES)[keyof typeof FAULT_CODES];

const FAULT_MESSAGES: Record<FaultCode, string> = {
  database_unavailable: commonMessages.databaseUnavailable,
  redis_unavailable: commonMessages.databaseUnavailable,
  insufficient_storage: commonMessages.storageFull,
  storage_unavailable: commonMessages.storageUnavailable,
};

/** What the operator does about each fault: the log line of a generation it failed says so. */
export const FAULT_REMEDIES: Record<FaultCode, string> = {
  database_unavailable: 'the database is out of reach: check that it runs and DATABASE_URL',
  redis_unavailable: 'Redis is out of reach: check that it runs and REDIS_URL',
  insufficient_storage: 'the media storage is full: free space on its volume (DATA_DIR) or raise its quota',
  storage_unavailable: 'the media storage refuses writes: check its permissions, its mount or its bucket',
};

export function isFaultCode(code: unknown): code is FaultCode {
  return typeof code === 'string' && Object.hasOwn(FAULT_MESSAGES, code);
}

/** The fault an error stands for (its machine code), so it can be kept with a failed job and raised again. */
export function faultCodeOf(error: AppError): FaultCode | null {
  return error.appCode === 'UNAVAILABLE' && isFaultCode(error.clientCode) ? error.clientCode : null;
}

/** The error of a fault, by its code (a failed job keeps it), as a client gets it: 503 or 507. */
export function faultNamed(code: FaultCode, cause?: unknown): AppError {
  return new AppError('UNAVAILABLE', FAULT_MESSAGES[code], { clientCode: code, cause });
}

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
  if (isDatabaseUnreachable(error)) return faultNamed(FAULT_CODES.databaseUnavailable, error);
  if (isRedisUnreachable(error)) return faultNamed(FAULT_CODES.redisUnavailable, error);
  return storageFault(error);
}

/** A full or read-only disk (or bucket) behind an error: 507 or 503; null for anything else. */
export function storageFault(error: unknown): AppError | null {
  const errno = errnoOf(error);
  if (errno === null) return null;
  return faultNamed(FULL_DISK.has(errno) ? FAULT_CODES.storageFull : FAULT_CODES.storageUnavailable, error);
}
