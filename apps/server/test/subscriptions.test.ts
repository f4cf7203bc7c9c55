import { createStripeClient, ensurePlanPrices, type StripeClient } from '@atelier/api';
import { findPlan } from '@atelier/catalog';
import { CreditEntry, User, type MikroORM } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { FakeStripe } from './support/fake-stripe';
import { startTestApp, type TestApp, type TestClient } from './support/harness';

const WEBHOOK_SECRET = 'whsec_test_subscriptions';
const DAY = 24 * 3600;
const [ESSENTIEL, AVANCE, PREMIUM] = (['essentiel', 'avance', 'premium'] as const).map(
  (id) => findPlan(id)!.credits,
) as [number, number, number];

interface Status {
  subscription: {
    plan: string;
    status: string;
    premium: boolean;
    pastDue: boolean;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    nextRenewal: { date: string; plan: string; amountCents: number; credits: number } | null;
  } | null;
  invoices: { id: string; amountCents: number; credits: number; url: string | null }[];
}

async function subscriptionGrants(orm: MikroORM, userId: number): Promise<number[]> {
  const entries = await orm.em
    .fork()
    .find(CreditEntry, { user: userId, reason: 'subscription' }, { orderBy: { id: 'asc' } });
  return entries.map((entry) => entry.amount);
}

describe.each(testDatabaseTargets())('monthly subscriptions on $name', (target) => {
  const fake = new FakeStripe();
  let stripe: StripeClient;
  let t: TestApp;
  const client = freshClients(() => t, 9);

  async function subscriber(): Promise<{ c: TestClient; userId: number; start: number }> {
    const c = client();
    const { user } = await c.register();
    return { c, userId: user.id, start: user.credits };
  }

  function postEvent(payload: string, secret = WEBHOOK_SECRET) {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.client().request('POST', '/api/stripe/webhook', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
  }

  /** Delivers what Stripe has to say, in the order given (Stripe's own by default). */
  async function deliver(order: (events: string[]) => string[] = (events) => events): Promise<string[]> {
    const events = order(fake.outbox.splice(0));
    for (const payload of events) {
      const res = await postEvent(payload);
      expect(res.status, res.text).toBe(200);
    }
    return events;
  }

  const typeOf = (payload: string) => (JSON.parse(payload) as { type: string }).type;

  async function status(c: TestClient): Promise<Status> {
    const res = await c.get('/api/account/subscription');
    expect(res.status, res.text).toBe(200);
    return res.body as Status;
  }

  async function user(userId: number) {
    return t.db.orm.em.fork().findOneOrFail(User, userId);
  }

  /** Subscribes and pays the first invoice in the "browser"; the events stay in the outbox. */
  async function subscribeAndPay(c: TestClient, plan: string): Promise<string> {
    const res = await c.post('/api/subscriptions', { plan });
    expect(res.status, res.text).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(res.body.amountDueCents).toBe(findPlan(plan)!.priceCents);
    await fake.payWithCard(res.body.clientSecret as string);
    return [...fake.billing.subscriptions.values()].at(-1)!.id;
  }

  beforeAll(async () => {
    const url = await fake.start();
    stripe = createStripeClient(fake.secretKey, url);
    t = await startTestApp(target, {
      payments: { stripe, publishableKey: 'pk_test_subscriptions', webhookSecret: WEBHOOK_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('subscribes at the server’s price, grants the first invoice’s credits once, and makes the user premium', async () => {
    const { c, userId, start } = await subscriber();
    await subscribeAndPay(c, 'avance');
    const sub = [...fake.billing.subscriptions.values()].at(-1)!;
    expect(sub.items.data[0]!.price).toMatchObject({
      unit_amount: 2000,
      currency: 'eur',
      lookup_key: 'atelier_avance_monthly',
    });

    // The checkout's own check arrives first, then Stripe's events, then Stripe retries them all.
    const confirmed = await c.post('/api/subscriptions/confirm', {});
    expect(confirmed.body).toEqual({ status: 'active', credits: AVANCE });
    const events = await deliver();
    expect(events.map(typeOf)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']),
    );
    for (const payload of events) expect((await postEvent(payload)).status).toBe(200);

    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([AVANCE]);
    expect((await user(userId)).credits).toBe(start + AVANCE);
    expect((await c.get('/api/user')).body.subscriptionType).toBe('premium');
    const shown = await status(c);
    expect(shown.subscription).toMatchObject({
      plan: 'avance',
      status: 'active',
      premium: true,
      pastDue: false,
      cancelAtPeriodEnd: false,
      nextRenewal: { amountCents: 2000, credits: AVANCE },
    });
    expect(Date.parse(shown.subscription!.nextRenewal!.date) - Date.now()).toBeGreaterThan(29 * DAY * 1000);
    expect(shown.invoices).toEqual([
      expect.objectContaining({
        amountCents: 2000,
        credits: AVANCE,
        url: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
      }),
    ]);
  });

  it('grants once when invoice.paid comes before the subscription is even known', async () => {
    const { c, userId, start } = await subscriber();
    await subscribeAndPay(c, 'essentiel');
    const events = await deliver((all) => [...all].reverse());
    expect(typeOf(events[0]!)).not.toBe('customer.subscription.created');
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL]);
    expect((await user(userId)).credits).toBe(start + ESSENTIEL);
    expect((await status(c)).subscription).toMatchObject({ plan: 'essentiel', status: 'active', premium: true });
    // The checkout's check afterwards finds the invoice already granted.
    expect((await c.post('/api/subscriptions/confirm', {})).body.credits).toBe(ESSENTIEL);
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL]);
  });

  it('grants again at each renewal, and not on a failed one, which shows past due', async () => {
    const { c, userId, start } = await subscriber();
    const subscriptionId = await subscribeAndPay(c, 'essentiel');
    await deliver();
    await fake.billing.renew(subscriptionId);
    await deliver();
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, ESSENTIEL]);
    expect((await status(c)).invoices).toHaveLength(2);

    fake.billing.failNextRenewal();
    await fake.billing.renew(subscriptionId);
    await deliver();
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, ESSENTIEL]);
    expect((await user(userId)).credits).toBe(start + 2 * ESSENTIEL);
    const shown = await status(c);
    expect(shown.subscription).toMatchObject({ status: 'past_due', pastDue: true, premium: false });
    expect((await c.get('/api/user')).body.subscriptionType).toBe('free');
    const portal = await c.post('/api/subscriptions/portal', { returnUrl: 'http://localhost/account?tab=credits' });
    expect(portal.status, portal.text).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.billing.portalSessions.at(-1)).toMatchObject({ return_url: 'http://localhost/account?tab=credits' });
  });

  it('cancels at the end of the period: premium until then, resumable, then free with its credits kept', async () => {
    const { c, userId, start } = await subscriber();
    const subscriptionId = await subscribeAndPay(c, 'avance');
    await deliver();
    expect((await c.post('/api/subscriptions/cancel', {})).status).toBe(200);
    await deliver();
    let shown = await status(c);
    expect(shown.subscription).toMatchObject({ cancelAtPeriodEnd: true, premium: true, nextRenewal: null });
    expect(shown.subscription!.currentPeriodEnd).not.toBeNull();

    expect((await c.post('/api/subscriptions/resume', {})).status).toBe(200);
    expect((await status(c)).subscription).toMatchObject({
      cancelAtPeriodEnd: false,
      nextRenewal: { amountCents: 2000 },
    });
    const again = await c.post('/api/subscriptions/resume', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Votre abonnement n'est pas en cours d'annulation.");

    await c.post('/api/subscriptions/cancel', {});
    await fake.billing.endPeriod(subscriptionId);
    await deliver();
    shown = await status(c);
    expect(shown.subscription).toMatchObject({ status: 'canceled', premium: false, nextRenewal: null });
    expect((await user(userId)).subscriptionType).toBe('free');
    expect((await user(userId)).credits).toBe(start + AVANCE);
    expect((await c.post('/api/subscriptions/cancel', {})).status).toBe(404);
  });

  it('upgrades halfway at once, prorated as Stripe invoices it; downgrades at renewal', async () => {
    const { c, userId } = await subscriber();
    const subscriptionId = await subscribeAndPay(c, 'essentiel');
    await deliver();
    fake.billing.clockSeconds = 15 * DAY;
    try {
      const upgrade = await c.post('/api/subscriptions', { plan: 'premium' });
      expect(upgrade.status, upgrade.text).toBe(200);
      expect(upgrade.body).toMatchObject({
        clientSecret: null,
        amountDueCents: null,
        plan: 'premium',
        status: 'active',
      });
      // Half of the period left: −5 € unused Essentiel, +17.50 € Premium, so half of the difference in credits.
      expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, (PREMIUM - ESSENTIEL) / 2]);
      await deliver();
      expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, (PREMIUM - ESSENTIEL) / 2]);
      expect((await status(c)).invoices[0]).toMatchObject({ amountCents: 1250, credits: (PREMIUM - ESSENTIEL) / 2 });

      const downgrade = await c.post('/api/subscriptions', { plan: 'avance' });
      expect(downgrade.body).toMatchObject({ clientSecret: null, plan: 'avance' });
      await deliver();
      expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, (PREMIUM - ESSENTIEL) / 2]);
      // Premium is paid for until the period ends; Avancé comes with the renewal.
      const shown = (await status(c)).subscription!;
      expect(shown).toMatchObject({
        plan: 'premium',
        nextRenewal: { plan: 'avance', amountCents: 2000, credits: AVANCE },
      });
      expect(shown.nextRenewal!.date).toBe(shown.currentPeriodEnd);
      expect(fake.billing.subscription(subscriptionId).items.data[0]!.price.unit_amount).toBe(3500);
      await fake.billing.renew(subscriptionId);
      await deliver();
      expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, (PREMIUM - ESSENTIEL) / 2, AVANCE]);
      expect((await status(c)).invoices[0]).toMatchObject({ amountCents: 2000, credits: AVANCE });
      expect((await status(c)).subscription).toMatchObject({
        plan: 'avance',
        nextRenewal: { plan: 'avance', amountCents: 2000 },
      });

      const same = await c.post('/api/subscriptions', { plan: 'avance' });
      expect(same.status).toBe(409);
      expect(same.body.message).toBe('Vous êtes déjà abonné à cette formule.');
    } finally {
      fake.billing.clockSeconds = 0;
    }
  });

  it('charges nothing to go back up to the plan paid for, and above it only the difference with what was paid', async () => {
    const { c, userId, start } = await subscriber();
    const subscriptionId = await subscribeAndPay(c, 'avance');
    await deliver();
    fake.billing.clockSeconds = 15 * DAY;
    try {
      const invoicesBefore = fake.billing.invoices.size;
      const change = async (plan: string) => {
        const res = await c.post('/api/subscriptions', { plan });
        expect(res.status, res.text).toBe(200);
        await deliver();
        return res.body as { clientSecret: string | null; amountDueCents: number | null };
      };

      // Down to Essentiel, then back up to Avancé, already paid for this period: no invoice, no grant.
      expect(await change('essentiel')).toMatchObject({ clientSecret: null, amountDueCents: null });
      expect((await status(c)).subscription).toMatchObject({
        plan: 'avance',
        nextRenewal: { plan: 'essentiel', amountCents: 1000, credits: ESSENTIEL },
      });
      await change('avance');
      expect((await status(c)).subscription).toMatchObject({
        plan: 'avance',
        nextRenewal: { plan: 'avance', amountCents: 2000, credits: AVANCE },
      });
      expect(fake.billing.invoices.size).toBe(invoicesBefore);
      expect(await subscriptionGrants(t.db.orm, userId)).toEqual([AVANCE]);

      // Down again, then up to Premium: only Premium above the Avancé paid for, over the half period
      // left (−10 € unused Avancé, +17.50 € Premium), so half of the difference in credits.
      await change('essentiel');
      await change('premium');
      expect(fake.billing.invoices.size).toBe(invoicesBefore + 1);
      expect((await status(c)).invoices[0]).toMatchObject({ amountCents: 750, credits: (PREMIUM - AVANCE) / 2 });
      expect((await status(c)).subscription).toMatchObject({
        plan: 'premium',
        nextRenewal: { plan: 'premium', amountCents: 3500 },
      });

      // A scheduled downgrade goes with a cancellation: the period ends and nothing renews.
      await change('essentiel');
      expect((await c.post('/api/subscriptions/cancel', {})).status).toBe(200);
      await deliver();
      expect((await status(c)).subscription).toMatchObject({
        plan: 'premium',
        cancelAtPeriodEnd: true,
        nextRenewal: null,
      });
      await fake.billing.endPeriod(subscriptionId);
      await deliver();
      expect(await subscriptionGrants(t.db.orm, userId)).toEqual([AVANCE, (PREMIUM - AVANCE) / 2]);
      // Every credit granted is in the ledger, and the ledger is the balance.
      expect((await user(userId)).credits).toBe(start + AVANCE + (PREMIUM - AVANCE) / 2);
    } finally {
      fake.billing.clockSeconds = 0;
    }
  });

  it('applies an upgrade that needs 3-D Secure only once the browser has paid it', async () => {
    const { c, userId } = await subscriber();
    const subscriptionId = await subscribeAndPay(c, 'essentiel');
    await deliver();
    fake.billing.requireActionOnNextCharge();
    const upgrade = await c.post('/api/subscriptions', { plan: 'avance' });
    expect(upgrade.body.clientSecret).toMatch(/^pi_.+_secret_/);
    // What the browser is asked to pay is the prorated difference, not the new plan's whole month.
    const due = fake.billing.invoice(fake.billing.subscription(subscriptionId).latest_invoice!).amount_due;
    expect(upgrade.body.amountDueCents).toBe(due);
    expect(due).toBeGreaterThan(990);
    expect(due).toBeLessThanOrEqual(1000);
    await deliver();
    expect((await status(c)).subscription).toMatchObject({ plan: 'essentiel' });
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL]);

    await fake.payWithCard(upgrade.body.clientSecret as string);
    await deliver();
    expect((await status(c)).subscription).toMatchObject({ plan: 'avance' });
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([ESSENTIEL, AVANCE - ESSENTIEL]);
  });

  it('makes one subscription of a double click, and takes an unpaid checkout up again', async () => {
    const { c } = await subscriber();
    const before = fake.billing.subscriptions.size;
    const [a, b] = await Promise.all([
      c.post('/api/subscriptions', { plan: 'premium' }),
      c.post('/api/subscriptions', { plan: 'premium' }),
    ]);
    expect(a.body.clientSecret).toBe(b.body.clientSecret);
    const again = await c.post('/api/subscriptions', { plan: 'premium' });
    expect(again.body.clientSecret).toBe(a.body.clientSecret);
    expect(fake.billing.subscriptions.size).toBe(before + 1);

    // Another plan abandons the unpaid one.
    const other = await c.post('/api/subscriptions', { plan: 'essentiel' });
    expect(other.body.clientSecret).not.toBe(a.body.clientSecret);
    expect([...fake.billing.subscriptions.values()].at(-2)!.status).toBe('incomplete_expired');
    fake.outbox.splice(0);
  });

  it('refuses an unknown plan in French and a forged event changes nothing', async () => {
    const { c, userId, start } = await subscriber();
    for (const body of [{ plan: 'gratuit' }, { plan: 'essentiel', price: 1 }, {}]) {
      const res = await c.post('/api/subscriptions', body);
      if ('price' in body) continue; // an extra field is ignored; the price is the server's
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Cette formule n'existe pas. Choisissez Essentiel, Avancé ou Premium.");
    }
    const charged = [...fake.billing.subscriptions.values()].at(-1)!;
    expect(charged.items.data[0]!.price.unit_amount).toBe(1000);

    const sent = await c.post('/api/subscriptions/confirm', {});
    expect(sent.body.credits).toBe(0);
    const invoiceId = charged.latest_invoice!;
    fake.billing.invoice(invoiceId).status = 'paid';
    const forged = fake.event('invoice.paid', fake.billing.invoice(invoiceId));
    const res = await postEvent(forged, 'whsec_not_stripes');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Signature du webhook invalide.');
    expect(await subscriptionGrants(t.db.orm, userId)).toEqual([]);
    expect((await user(userId)).credits).toBe(start);
    fake.outbox.splice(0);
  });

  it('ends the subscription at once when its account is deleted, so nobody is charged for it', async () => {
    const { c, userId } = await subscriber();
    const subscriptionId = await subscribeAndPay(c, 'premium');
    await deliver();
    const res = await c.post('/api/account/delete', { password: 'motdepasse' });
    expect(res.status, res.text).toBe(200);
    expect(fake.billing.subscription(subscriptionId).status).toBe('canceled');
    await deliver();
    // The paid invoice and its grant stay for the accounts, with no link to the person.
    expect(await t.db.orm.em.fork().count(CreditEntry, { externalRef: { $like: 'invoice:%' }, user: userId })).toBe(0);
  });

  it('creates the plans’ prices once, and a new price when the catalog’s amount changes', async () => {
    const prices = () => [...fake.billing.prices.values()];
    await ensurePlanPrices(stripe);
    await ensurePlanPrices(stripe);
    expect(
      prices()
        .filter((price) => price.lookup_key)
        .map((price) => [price.lookup_key, price.unit_amount]),
    ).toEqual([
      ['atelier_essentiel_monthly', 1000],
      ['atelier_avance_monthly', 2000],
      ['atelier_premium_monthly', 3500],
    ]);
    expect(fake.billing.products.size).toBe(3);

    // A price an older catalog made holds the key: the next start puts the catalog's back under it.
    const essentiel = prices().find((price) => price.lookup_key === 'atelier_essentiel_monthly')!;
    const older = await stripe.prices.create({
      product: essentiel.product,
      currency: 'eur',
      unit_amount: 900,
      recurring: { interval: 'month' },
      lookup_key: 'atelier_essentiel_monthly',
      transfer_lookup_key: true,
    });
    await ensurePlanPrices(stripe);
    expect(prices().find((price) => price.lookup_key === 'atelier_essentiel_monthly')!.unit_amount).toBe(1000);
    expect(fake.billing.prices.get(older.id)!.lookup_key).toBeNull();
    expect(fake.billing.products.size).toBe(3);
  });
});
