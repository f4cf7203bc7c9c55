import { AppError, FAULT_CODES, resourceFault, type AppErrorData } from '@atelier/api';

/** Seconds a client should wait before retrying while the database or Redis is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** A disk is freed, or a storage mounted again, by an operator: minutes rather than seconds. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * The HTTP answer to a fault of the server's own resources (see resourceFault), with Retry-After:
 * 503 while the database, Redis or the storage is unavailable, 507 for a full disk.
 */
export function faultAnswer(error: {
  clientCode?: string | undefined;
}): { status: number; headers: Record<string, string> } | null {
  switch (error.clientCode) {
    case FAULT_CODES.databaseUnavailable:
    case FAULT_CODES.redisUnavailable:
      return { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } };
    case FAULT_CODES.storageUnavailable:
      return { status: 503, headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) } };
    case FAULT_CODES.storageFull:
      return { status: 507, headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) } };
    default:
      return null;
  }
}

/**
 * What the refusals of a request's procedures (a tRPC batch's several, a REST call's one) set on the
 * answer, whichever transport sends it: a fault's status and headers (see faultAnswer), else
 * Retry-After with the longest wait they name (a rate limit, no worker running), else nothing.
 */
export function refusalAnswer(refusals: AppErrorData[]): { status?: number; headers: Record<string, string> } {
  const fault = refusals.map(faultAnswer).find((answer) => answer !== null);
  if (fault) return fault;
  const waits = refusals.flatMap(({ retryAfterSeconds }) => retryAfterSeconds ?? []);
  return { headers: waits.length > 0 ? { 'retry-after': String(Math.max(...waits)) } : {} };
}

/**
 * The whole answer to an error that escaped the procedures (a hook, a route of its own) when it is
 * such a fault: the same status, headers and French body a procedure's would get.
 */
export function faultReply(
  error: unknown,
): { status: number; headers: Record<string, string>; body: { message: string; error: string } } | null {
  // Raised in a procedure it is already one; raw from the driver or the disk it is found out here.
  const fault = error instanceof AppError && error.appCode === 'UNAVAILABLE' ? error : resourceFault(error);
  const answer = fault?.clientCode === undefined ? null : faultAnswer(fault);
  return fault && answer ? { ...answer, body: { message: fault.message, error: fault.clientCode! } } : null;
}
