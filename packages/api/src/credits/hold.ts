import type { EntityManager } from '@atelier/db';
import { ledger } from './ledger';

export interface CreditHold {
  userId: number;
  cost: number;
  /** Unique per piece of work: a retried hold with the same reference takes nothing more. */
  externalRef: string;
  description: string;
  reason: string;
}

/**
 * Paid work: the credits are held before `work` starts (refused with INSUFFICIENT_CREDITS when
 * the balance is short), kept when it succeeds, given back when it throws — a failure costs
 * nothing and leaves no debit in the history.
 */
export async function withCreditHold<T>(em: EntityManager, hold: CreditHold, work: () => Promise<T>): Promise<T> {
  await ledger.reserve(em, hold);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await ledger.release(em, hold.externalRef);
    throw error;
  }
  await ledger.settle(em, hold.externalRef);
  return result;
}
