import { DeadlockException } from '@mikro-orm/core';

/** The driver's own error, as a raw statement raises it; the ORM's statements raise DeadlockException. */
const DEADLOCK_ERRNO = 1213;

function isDeadlock(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth += 1) {
    if (at instanceof DeadlockException || (at as { errno?: unknown }).errno === DEADLOCK_ERRNO) return true;
  }
  return false;
}

/** Where a retried deadlock is reported. */
export interface DeadlockLog {
  warn(object: unknown, message: string): void;
}

/**
 * Runs a transaction again, once, when the database chose it as a deadlock's victim: InnoDB rolled
 * it back whole, so a second run starts clean. The warning names what deadlocked; a recurring one
 * means two code paths take the same rows in opposite orders, which the database's last deadlock
 * report (`SHOW ENGINE INNODB STATUS`) shows.
 */
export async function retryDeadlockOnce<T>(
  work: () => Promise<T>,
  log: DeadlockLog | undefined,
  context: Record<string, unknown>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDeadlock(error)) throw error;
    log?.warn(
      { ...context, err: error },
      'deadlock: transaction retried once; if this recurs, compare the lock orders in SHOW ENGINE INNODB STATUS',
    );
    return work();
  }
}
