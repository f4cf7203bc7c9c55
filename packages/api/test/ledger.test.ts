import { CreditEntry, User, type MikroORM } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/shared/errors';
import { ledger } from '../src/credits/ledger';

async function newUser(orm: MikroORM, credits = 0): Promise<number> {
  const em = orm.em.fork();
  const id = await em.insert(User, {
    email: `u${Math.random().toString(36).slice(2)}@example.fr`,
    passwordHash: 'x',
    firstName: 'Te',
    lastName: 'St',
    username: `u${Math.random().toString(36).slice(2, 12)}`,
    credits: 0,
    subscriptionType: 'free',
    createdAt: new Date(),
  });
  if (credits > 0)
    await ledger.grant(orm.em.fork(), {
      userId: id,
      amount: credits,
      description: 'Achat',
      reason: 'purchase',
      externalRef: `seed:${id}`,
    });
  return id;
}

async function balance(orm: MikroORM, userId: number): Promise<number> {
  return (await orm.em.fork().findOneOrFail(User, userId)).credits;
}

/** Credits minus debits that still count (held or settled): must always equal the balance. */
async function ledgerSum(orm: MikroORM, userId: number): Promise<number> {
  const entries = await orm.em.fork().find(CreditEntry, { user: userId });
  return entries.reduce(
    (sum, e) => (e.type === 'credit' ? sum + e.amount : e.status === 'released' ? sum : sum - e.amount),
    0,
  );
}

describe.each(testDatabaseTargets())('credit ledger on $name', (target) => {
  let db: TestDatabase;
  const cost = 50;
  const reserve = (orm: MikroORM, userId: number, ref: string) =>
    ledger.reserve(orm.em.fork(), {
      userId,
      cost,
      externalRef: ref,
      description: "Transformation d'image",
      reason: 'transformation',
    });

  beforeAll(async () => {
    db = await openTestDatabase(target);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('cuts a description longer than its column, with an ellipsis, rather than refusing the hold', async () => {
    const userId = await newUser(db.orm, cost);
    const named = Array.from({ length: 9 }, (_, i) => `Option du workflow numéro ${i} au nom très long`).join(' + ');
    await ledger.reserve(db.orm.em.fork(), {
      userId,
      cost,
      externalRef: 'long-description',
      description: named,
      reason: 'transformation',
    });
    const entry = await db.orm.em.fork().findOneOrFail(CreditEntry, { externalRef: 'long-description' });
    expect(named.length).toBeGreaterThan(255);
    expect(entry.description).toHaveLength(255);
    expect(entry.description.endsWith('…')).toBe(true);
  });

  it('grants once per reference, however often the same grant arrives', async () => {
    const userId = await newUser(db.orm);
    const grant = () =>
      ledger.grant(db.orm.em.fork(), {
        userId,
        amount: 1000,
        description: 'Achat de crédits',
        reason: 'purchase',
        externalRef: 'pi_same',
      });
    const results = await Promise.all([grant(), grant(), grant(), grant(), grant()]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balance(db.orm, userId)).toBe(1000);
    expect(await ledgerSum(db.orm, userId)).toBe(1000);
  });

  it('lets exactly 10 of 30 simultaneous reserves of 50 through on a balance of 500', async () => {
    const userId = await newUser(db.orm, 500);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => reserve(db.orm, userId, `race:${userId}:${i}`)),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).appCode).toBe('INSUFFICIENT_CREDITS');
      expect((r.reason as AppError).message).toBe(
        'Crédits insuffisants. Vous avez besoin de 50 crédits pour cette transformation.',
      );
    }
    expect(await balance(db.orm, userId)).toBe(0);
    expect(await ledgerSum(db.orm, userId)).toBe(0);
  });

  it('settles a success once and shows one debit', async () => {
    const userId = await newUser(db.orm, 100);
    await reserve(db.orm, userId, `ok:${userId}`);
    const settled = await Promise.all([1, 2, 3].map(() => ledger.settle(db.orm.em.fork(), `ok:${userId}`)));
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await ledger.release(db.orm.em.fork(), `ok:${userId}`)).toBe(false);
    expect(await balance(db.orm, userId)).toBe(50);
    const debits = await db.orm.em.fork().find(CreditEntry, { user: userId, type: 'debit' });
    expect(debits.map((d) => [d.status, d.amount])).toEqual([['settled', 50]]);
  });

  it('gives a failure back once and leaves no debit in the history', async () => {
    const userId = await newUser(db.orm, 100);
    await reserve(db.orm, userId, `fail:${userId}`);
    expect(await balance(db.orm, userId)).toBe(50);
    const released = await Promise.all([1, 2, 3].map(() => ledger.release(db.orm.em.fork(), `fail:${userId}`)));
    expect(released.filter(Boolean)).toHaveLength(1);
    expect(await ledger.settle(db.orm.em.fork(), `fail:${userId}`)).toBe(false);
    expect(await balance(db.orm, userId)).toBe(100);
    expect(await db.orm.em.fork().count(CreditEntry, { user: userId, type: 'debit', status: 'settled' })).toBe(0);
    expect(await ledgerSum(db.orm, userId)).toBe(100);
  });

  it('reserves a reference once: a retried reserve takes nothing more', async () => {
    const userId = await newUser(db.orm, 100);
    const first = await reserve(db.orm, userId, `retry:${userId}`);
    const second = await reserve(db.orm, userId, `retry:${userId}`);
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(await balance(db.orm, userId)).toBe(50);
  });

  it('refuses before anything is taken when the balance is short, and never goes negative', async () => {
    const userId = await newUser(db.orm, 40);
    await expect(reserve(db.orm, userId, `short:${userId}`)).rejects.toMatchObject({
      appCode: 'INSUFFICIENT_CREDITS',
      clientCode: 'insufficient_credits',
    });
    expect(await balance(db.orm, userId)).toBe(40);
    expect(await db.orm.em.fork().count(CreditEntry, { externalRef: `short:${userId}` })).toBe(0);
  });

  it('keeps the ledger equal to the balance through a mixed sequence', async () => {
    const userId = await newUser(db.orm, 300);
    for (let i = 0; i < 6; i += 1) {
      await reserve(db.orm, userId, `mix:${userId}:${i}`);
      if (i % 2) await ledger.settle(db.orm.em.fork(), `mix:${userId}:${i}`);
      else await ledger.release(db.orm.em.fork(), `mix:${userId}:${i}`);
    }
    await ledger.grant(db.orm.em.fork(), {
      userId,
      amount: 2500,
      description: 'Achat',
      reason: 'purchase',
      externalRef: `mix-buy:${userId}`,
    });
    expect(await balance(db.orm, userId)).toBe(300 - 150 + 2500);
    expect(await ledgerSum(db.orm, userId)).toBe(await balance(db.orm, userId));
  });
});
