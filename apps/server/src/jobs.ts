import { ledger } from '@atelier/api';
import type { MikroORM } from '@atelier/db';
import type { FastifyBaseLogger } from 'fastify';

/** A generation that has not settled or released its hold by then has crashed. */
export const STALE_HOLD_AGE_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Gives back the credits held by generations that never finished (a crash between reserve and
 * settle), so a stale hold never eats credits. Returns a function that stops the sweeper.
 */
export function startHoldSweeper(orm: MikroORM, log: FastifyBaseLogger): () => void {
  const sweep = async () => {
    try {
      const released = await ledger.releaseStaleHolds(orm.em.fork(), STALE_HOLD_AGE_MS);
      if (released) log.warn({ released }, 'released stale credit holds');
    } catch (error) {
      log.error({ err: error }, 'credit hold sweep failed');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
