import { IMAGE_COST } from '@atelier/catalog';
import { CreditEntry, raw, UniqueConstraintViolationException, User, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';

export { IMAGE_COST };

export const creditMessages = {
  insufficient: (cost: number) =>
    `Crédits insuffisants. Vous avez besoin de ${cost} crédits pour cette transformation.`,
} as const;

export interface GrantInput {
  userId: number;
  amount: number;
  description: string;
  reason: string;
  /** What caused the entry; a second entry with the same reference changes nothing. */
  externalRef: string;
}

export interface LedgerResult {
  applied: boolean;
  balance: number;
}

/** The balance as the database has it now, whatever this EntityManager has cached. */
export async function balanceOf(em: EntityManager, userId: number): Promise<number> {
  const row = await em.findOneOrFail(User, userId, { fields: ['credits'], disableIdentityMap: true });
  return row.credits;
}

/** The column's length: a line naming many options (a workflow's own names) is cut, with an ellipsis. */
const DESCRIPTION_LENGTH = 255;

function fitDescription(description: string): string {
  return description.length <= DESCRIPTION_LENGTH ? description : `${description.slice(0, DESCRIPTION_LENGTH - 1)}…`;
}

/**
 * One balance change: `changeBalance` moves `users.credits` with a conditional update (false when
 * it may not), then the entry records the balance after it, all in one transaction. A reference
 * already in the ledger rolls the whole change back and reports `applied: false`.
 */
async function applyEntry(
  em: EntityManager,
  entry: GrantInput & { type: 'credit' | 'debit'; status: 'settled' | 'held' },
  changeBalance: (tx: EntityManager) => Promise<boolean>,
  refused: () => Error,
): Promise<LedgerResult> {
  try {
    return await em.transactional(async (tx) => {
      if (!(await changeBalance(tx))) throw refused();
      const balance = await balanceOf(tx, entry.userId);
      const now = new Date();
      await tx.insert(CreditEntry, {
        user: entry.userId,
        type: entry.type,
        status: entry.status,
        amount: entry.amount,
        balanceAfter: balance,
        description: fitDescription(entry.description),
        reason: entry.reason,
        externalRef: entry.externalRef,
        createdAt: now,
        updatedAt: now,
      });
      return { applied: true, balance };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      return { applied: false, balance: await balanceOf(em, entry.userId) };
    }
    throw error;
  }
}

/** Takes `amount` from the balance only where the balance holds it: never below zero, however many at once. */
const takeCredits = (userId: number, amount: number) => async (tx: EntityManager) =>
  (await tx.nativeUpdate(User, { id: userId, credits: { $gte: amount } }, { credits: raw(`credits - ${amount}`) })) ===
  1;

/**
 * The ledger: every change of a balance is one CreditEntry written in the same transaction as
 * the conditional update of `users.credits`, so the entries always sum to the balance.
 */
export const ledger = {
  grant(em: EntityManager, input: GrantInput): Promise<LedgerResult> {
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw new Error('grant amount must be a positive integer');
    return applyEntry(
      em,
      { ...input, type: 'credit', status: 'settled' },
      async (tx) =>
        (await tx.nativeUpdate(User, { id: input.userId }, { credits: raw(`credits + ${input.amount}`) })) === 1,
      () => new Error(`no user ${input.userId}`),
    );
  },

  /**
   * Takes `cost` credits before any work starts, or refuses with INSUFFICIENT_CREDITS.
   * The hold is settled on success or released on failure; a reference already held or settled
   * takes nothing more.
   */
  reserve(
    em: EntityManager,
    input: { userId: number; cost: number; externalRef: string; description: string; reason: string },
  ): Promise<LedgerResult> {
    if (!Number.isInteger(input.cost) || input.cost <= 0) throw new Error('reserve cost must be a positive integer');
    return applyEntry(
      em,
      { ...input, amount: input.cost, type: 'debit', status: 'held' },
      takeCredits(input.userId, input.cost),
      () =>
        new AppError('INSUFFICIENT_CREDITS', creditMessages.insufficient(input.cost), {
          clientCode: 'insufficient_credits',
        }),
    );
  },

  /** Takes credits back for good (an administrator's correction); `refused` when the balance is short. */
  withdraw(em: EntityManager, input: GrantInput, refused: () => Error): Promise<LedgerResult> {
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw new Error('withdrawal amount must be a positive integer');
    return applyEntry(
      em,
      { ...input, type: 'debit', status: 'settled' },
      takeCredits(input.userId, input.amount),
      refused,
    );
  },

  /** Makes a hold final. Applies once whatever the retries. */
  async settle(em: EntityManager, externalRef: string): Promise<boolean> {
    const changed = await em.nativeUpdate(
      CreditEntry,
      { externalRef, status: 'held' },
      { status: 'settled', createdAt: new Date(), updatedAt: new Date() },
    );
    return changed === 1;
  },

  /** Gives a hold back. Applies once whatever the retries; a settled entry is never released. */
  async release(em: EntityManager, externalRef: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const entry = await tx.findOne(CreditEntry, { externalRef, status: 'held' }, { fields: ['user', 'amount'] });
      if (!entry) return false;
      const changed = await tx.nativeUpdate(
        CreditEntry,
        { externalRef, status: 'held' },
        { status: 'released', updatedAt: new Date() },
      );
      if (changed !== 1) return false;
      // A deleted account's hold has no balance left to go back to.
      if (entry.user) await tx.nativeUpdate(User, { id: entry.user.id }, { credits: raw(`credits + ${entry.amount}`) });
      return true;
    });
  },
};
