import { ledger } from '@atelier/api';
import { CreditEntry, raw, User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp } from './support/harness';

/** This month's reference, as France counts months. */
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(new Date());

describe.each(testDatabaseTargets())('the Découverte offer on $name', (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 81);

  async function entries(userId: number) {
    return t.db.orm.em.fork().find(CreditEntry, { user: userId }, { orderBy: { id: 'asc' } });
  }

  async function expectLedgerSumsToBalance(userId: number) {
    const em = t.db.orm.em.fork();
    const { credits } = await em.findOneOrFail(User, userId);
    const sum = (await entries(userId)).reduce(
      (total, entry) => total + (entry.type === 'credit' ? entry.amount : -entry.amount),
      0,
    );
    expect(sum).toBe(credits);
    return credits;
  }

  /** As if the month's grant belonged to last month: its reference moved back, the balance kept. */
  async function moveGrantToLastMonth(userId: number) {
    await t.db.orm.em
      .fork()
      .nativeUpdate(
        CreditEntry,
        { externalRef: `discovery:${userId}:${thisMonth()}` },
        { externalRef: `discovery:${userId}:1999-12` },
      );
  }

  beforeAll(async () => {
    t = await startTestApp(target, { api: { discoveryOfferCredits: 100, launchOffer: { accounts: 0, credits: 500 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grants a free account 100 credits once a month, as a ledger entry, at sign-up, sign-in and account read', async () => {
    const c = client();
    const { user, email, password } = await c.register();
    expect(user.credits).toBe(100);
    const [grant] = await entries(user.id);
    expect(grant).toMatchObject({
      type: 'credit',
      status: 'settled',
      amount: 100,
      balanceAfter: 100,
      reason: 'discovery_offer',
      externalRef: `discovery:${user.id}:${thisMonth()}`,
    });

    expect((await client().post('/api/login', { email, password })).body.user.credits).toBe(100);
    expect((await c.get('/api/auth/account')).body.user.credits).toBe(100);
    expect(await entries(user.id)).toHaveLength(1);

    await moveGrantToLastMonth(user.id);
    const signedIn = await client().post('/api/login', { email, password });
    expect(signedIn.body.user.credits).toBe(200);
    expect(await expectLedgerSumsToBalance(user.id)).toBe(200);
  });

  it('is granted exactly once when many reads of the account race in a new month', async () => {
    const c = client();
    const { user } = await c.register();
    await moveGrantToLastMonth(user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.get('/api/auth/account')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await expectLedgerSumsToBalance(user.id)).toBe(200);
    expect(
      (await entries(user.id)).filter((entry) => entry.externalRef === `discovery:${user.id}:${thisMonth()}`),
    ).toHaveLength(1);
  });

  it('is not for accounts that bought credits or are premium', async () => {
    const buyer = client();
    const { user: bought } = await buyer.register();
    await moveGrantToLastMonth(bought.id);
    await ledger.grant(t.db.orm.em.fork(), {
      userId: bought.id,
      amount: 1000,
      description: 'Achat de 1000 crédits',
      reason: 'purchase',
      externalRef: `pi_test_${bought.id}`,
    });
    expect((await buyer.get('/api/auth/account')).body.user.credits).toBe(1100);
    expect(await expectLedgerSumsToBalance(bought.id)).toBe(1100);

    const premium = client();
    const { user } = await premium.register();
    await moveGrantToLastMonth(user.id);
    await t.db.orm.em.fork().nativeUpdate(User, { id: user.id }, { subscriptionType: 'premium' });
    expect((await premium.get('/api/auth/account')).body.user.credits).toBe(100);
  });

  it('is granted once a month per address: an account deleted and made again with the same e-mail waits for the next month', async () => {
    const first = client();
    const { user, email, password } = await first.register();
    expect(user.credits).toBe(100);
    expect((await first.post('/api/account/delete', { password })).status).toBe(200);
    // The kept entry names a hash of the address, not the address.
    const kept = await t.db.orm.em.fork().find(CreditEntry, { externalRef: { $like: 'discovery:deleted:%' } });
    expect(kept.some((entry) => entry.externalRef.endsWith(`:${thisMonth()}`))).toBe(true);
    expect(kept.every((entry) => !entry.externalRef.includes(email))).toBe(true);

    const again = client();
    const { user: remade } = await again.register({ email, password });
    expect(remade.credits).toBe(0);
    expect((await again.get('/api/auth/account')).body.user.credits).toBe(0);
    expect(await entries(remade.id)).toHaveLength(0);
    // Another address is not held back by it.
    expect((await client().register()).user.credits).toBe(100);

    // Next month, the address is a free account like any other.
    await t.db.orm.em
      .fork()
      .nativeUpdate(
        CreditEntry,
        { externalRef: { $like: `discovery:deleted:%:${thisMonth()}` } },
        { externalRef: raw(`replace(external_ref, '${thisMonth()}', '1999-12')`) },
      );
    expect((await again.get('/api/auth/account')).body.user.credits).toBe(100);
    expect(await expectLedgerSumsToBalance(remade.id)).toBe(100);
  });
});
