import { FAULT_CODES } from '@atelier/api';

/** Seconds a client should wait before retrying while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * The HTTP answer to a fault of the server's own resources (see resourceFault): 503 with
 * Retry-After while the database or the storage is unavailable, 507 for a full disk.
 */
export function faultAnswer(error: { clientCode?: string | undefined }): { status: number; headers: Record<string, string> } | null {
  switch (error.clientCode) {
    case FAULT_CODES.databaseUnavailable:
      return { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } };
    case FAULT_CODES.storageUnavailable:
      return { status: 503, headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) } };
    case FAULT_CODES.storageFull:
      return { status: 507, headers: {} };
    default:
      return null;
  }
}
