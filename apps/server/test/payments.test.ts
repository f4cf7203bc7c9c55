import { createServer, type AddressInfo } from 'node:net';
import { createStripeClient, ledger, type StripeClient } from '@atelier/api';
import { CreditEntry, GalleryItem, Like, Payment, Transformation, User, Video, type MikroORM } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { TERMS_VERSION } from '@atelier/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesIn } from './support/clients';
import { FakeStripe, type FakePaymentIntent } from './support/fake-stripe';
import { startTestApp, type TestApp, type TestClient } from './support/harness';

const WEBHOOK_SECRET = 'whsec_test_atelier';
const PUBLISHABLE_KEY = 'pk_test_atelier';

const messages = {
  notConfigured: "Le paiement n'est pas encore ouvert sur ce service.",
  intentRefused: 'Impossible de créer la session de paiement.',
  unknownPack: 'Les crédits et le montant ne correspondent à aucun pack proposé.',
  invalidSignature: 'Signature du webhook invalide.',
  invalidEvent: 'Événement Stripe invalide.',
};

async function balance(orm: MikroORM, userId: number): Promise<number> {
  return (await orm.em.fork().findOneOrFail(User, userId)).credits;
}

/** Credits minus debits that still count: must always equal the balance. */
async function ledgerSum(orm: MikroORM, userId: number): Promise<number> {
  const entries = await orm.em.fork().find(CreditEntry, { user: userId });
  return entries.reduce(
    (sum, e) => (e.type === 'credit' ? sum + e.amount : e.status === 'released' ? sum : sum - e.amount),
    0,
  );
}

/** A port nothing listens on: Stripe, unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDatabaseTargets())('card payments on $name', (target) => {
  const fake = new FakeStripe();
  let stripe: StripeClient;
  let t: TestApp;
  const nextAddress = addressesIn(7);

  /** A signed-in buyer, from an address of their own so sign-up limits stay out of the way. */
  async function buyer(app: TestApp = t): Promise<{ c: TestClient; userId: number; startBalance: number }> {
    const c = app.client({ ip: nextAddress() });
    const { user } = await c.register();
    return { c, userId: user.id, startBalance: user.credits };
  }

  async function openIntent(c: TestClient, body: unknown = { credits: 1000, amount: 5 }): Promise<string> {
    const res = await c.post('/api/stripe/create-payment-intent', body);
    expect(res.status, res.text).toBe(200);
    return res.body.paymentIntentId as string;
  }

  function signed(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
    return stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
  }

  function postEvent(payload: string, signature?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== undefined) headers['stripe-signature'] = signature;
    return t.client().request('POST', '/api/stripe/webhook', payload, headers);
  }

  function deliver(type: string, intent: FakePaymentIntent) {
    const payload = fake.event(type, intent);
    return postEvent(payload, signed(payload));
  }

  async function purchaseEntries(userId: number): Promise<CreditEntry[]> {
    return t.db.orm.em.fork().find(CreditEntry, { user: userId, reason: 'purchase' });
  }

  async function payment(intentId: string): Promise<Payment> {
    return t.db.orm.em.fork().findOneOrFail(Payment, { intentId });
  }

  beforeAll(async () => {
    const url = await fake.start();
    stripe = createStripeClient(fake.secretKey, url);
    t = await startTestApp(target, {
      payments: { stripe, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('shows the packs, the plans and the publishable key', async () => {
    const catalog = await t.client().get('/trpc/payments.catalog');
    expect(catalog.status).toBe(200);
    expect(catalog.body.result.data.json).toEqual({
      packs: [
        {
          credits: 1000,
          price: 5,
          currency: 'EUR',
          bonus: 0,
          popular: false,
          transformations: 20,
          pricePer1000Credits: 5,
        },
        {
          credits: 2500,
          price: 10,
          currency: 'EUR',
          bonus: 0,
          popular: true,
          transformations: 50,
          pricePer1000Credits: 4,
        },
        {
          credits: 6000,
          price: 20,
          currency: 'EUR',
          bonus: 0,
          popular: false,
          transformations: 120,
          pricePer1000Credits: 3.33,
        },
      ],
      plans: [
        {
          id: 'essentiel',
          name: 'Essentiel',
          credits: 2750,
          price: 10,
          currency: 'EUR',
          popular: false,
          transformations: 55,
          extraPercent: 10,
        },
        {
          id: 'avance',
          name: 'Avancé',
          credits: 6600,
          price: 20,
          currency: 'EUR',
          popular: true,
          transformations: 132,
          extraPercent: 10,
        },
        {
          id: 'premium',
          name: 'Premium',
          credits: 12000,
          price: 35,
          currency: 'EUR',
          popular: false,
          transformations: 240,
          extraPercent: 14,
        },
      ],
    });
    const config = await t.client().get('/api/stripe/config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ publishableKey: PUBLISHABLE_KEY });
  });

  it('opens an intent at the pack price in cents, in euros, with metadata and an idempotency key', async () => {
    const { c, userId, startBalance } = await buyer();
    const res = await c.post('/api/stripe/create-payment-intent', { credits: 2500, amount: '10.00' });
    expect(res.status).toBe(200);
    const intent = fake.intent(res.body.paymentIntentId);
    expect(res.body.clientSecret).toBe(intent.client_secret);

    const sent = fake.createRequests.at(-1)!;
    expect(sent.params).toMatchObject({
      amount: '1000',
      currency: 'eur',
      'metadata[userId]': String(userId),
      'metadata[credits]': '2500',
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(sent.idempotencyKey).toMatch(/^credit-purchase:/);

    expect(await payment(intent.id)).toMatchObject({
      credits: 2500,
      amountCents: 1000,
      currency: 'eur',
      status: 'requires_payment_method',
      creditedAt: null,
    });
    expect(await balance(t.db.orm, userId)).toBe(startBalance);
  });

  it('refuses a pair that is not a pack, or not numbers, and records nothing', async () => {
    const { c, userId } = await buyer();
    const asked = fake.createRequests.length;
    for (const body of [
      { credits: 1000, amount: 1 },
      { credits: 6000, amount: 5 },
      { credits: 1000, amount: 4.99 },
      { credits: 1_000_000, amount: 5 },
    ]) {
      const res = await c.post('/api/stripe/create-payment-intent', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(messages.unknownPack);
    }
    const malformed: [unknown, string][] = [
      [{ credits: 'mille', amount: 5 }, 'Le nombre de crédits doit être un entier positif.'],
      [{ credits: 1000.5, amount: 5 }, 'Le nombre de crédits doit être un entier positif.'],
      [{ credits: 1000, amount: -5 }, 'Le montant doit être un nombre positif.'],
      [{ credits: 1000 }, 'Le montant doit être un nombre positif.'],
      ['null', 'Entrée invalide : objet attendu, null reçu'],
      ['[]', 'Entrée invalide : objet attendu, tableau reçu'],
    ];
    for (const [body, message] of malformed) {
      const res = await c.request('POST', '/api/stripe/create-payment-intent', body, {
        'content-type': 'application/json',
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(fake.createRequests.length).toBe(asked);
    expect(await t.db.orm.em.fork().count(Payment, { user: userId })).toBe(0);
  });

  it('requires a session to pay or confirm', async () => {
    const anonymous = t.client();
    for (const res of [
      await anonymous.post('/api/stripe/create-payment-intent', { credits: 1000, amount: 5 }),
      await anonymous.post('/api/stripe/confirm', { paymentIntentId: 'pi_123' }),
      await anonymous.get('/api/account/stats'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Utilisateur non connecté');
    }
  });

  it('credits a succeeded payment once when the same event arrives 5 times', async () => {
    const { c, userId, startBalance } = await buyer();
    const intent = fake.succeed(await openIntent(c));
    const payload = fake.event('payment_intent.succeeded', intent);
    const signature = signed(payload);
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => postEvent(payload, signature)));
    for (const res of deliveries) expect(res.body).toEqual({ received: true });

    expect(await balance(t.db.orm, userId)).toBe(startBalance + 1000);
    const entries = await purchaseEntries(userId);
    expect(entries.map((e) => [e.amount, e.description, e.externalRef])).toEqual([
      [1000, 'Achat de crédits : pack de 1\u202f000', intent.id],
    ]);
    expect(await payment(intent.id)).toMatchObject({ status: 'succeeded', creditedAt: expect.any(Date) });
    expect(await ledgerSum(t.db.orm, userId)).toBe(await balance(t.db.orm, userId));

    const history = await c.get('/api/credits/history');
    expect(history.body[0]).toMatchObject({
      type: 'credit',
      amount: 1000,
      description: 'Achat de crédits : pack de 1\u202f000',
      resultUrl: null,
    });
  });

  it('credits once when the webhook and the confirm call race', async () => {
    const { c, userId, startBalance } = await buyer();
    const intent = fake.succeed(await openIntent(c, { credits: 6000, amount: 20 }));
    const results = await Promise.all([
      deliver('payment_intent.succeeded', intent),
      c.post('/api/stripe/confirm', { paymentIntentId: intent.id }),
      deliver('payment_intent.succeeded', intent),
      c.post('/api/stripe/confirm', { paymentIntentId: intent.id }),
    ]);
    for (const res of results) expect(res.status, res.text).toBe(200);
    expect(results[1].body).toEqual({ status: 'succeeded', credits: 6000, balance: startBalance + 6000 });
    expect(await balance(t.db.orm, userId)).toBe(startBalance + 6000);
    expect(await purchaseEntries(userId)).toHaveLength(1);
    expect(await ledgerSum(t.db.orm, userId)).toBe(startBalance + 6000);
  });

  it('credits through confirm when the webhook is late, and the late webhook adds nothing', async () => {
    const { c, userId, startBalance } = await buyer();
    const intentId = await openIntent(c);
    const early = await c.post('/api/stripe/confirm', { paymentIntentId: intentId });
    expect(early.body).toEqual({ status: 'requires_payment_method', credits: 1000, balance: startBalance });

    const intent = fake.succeed(intentId);
    const confirmed = await c.post('/api/stripe/confirm', { paymentIntentId: intentId });
    expect(confirmed.body).toEqual({ status: 'succeeded', credits: 1000, balance: startBalance + 1000 });
    expect((await deliver('payment_intent.succeeded', intent)).status).toBe(200);
    expect(await balance(t.db.orm, userId)).toBe(startBalance + 1000);
    expect(await ledgerSum(t.db.orm, userId)).toBe(startBalance + 1000);
  });

  it('credits nothing for a declined payment', async () => {
    const { c, userId, startBalance } = await buyer();
    const intent = fake.decline(await openIntent(c));
    const res = await deliver('payment_intent.payment_failed', intent);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect((await payment(intent.id)).status).toBe('failed');

    const confirmed = await c.post('/api/stripe/confirm', { paymentIntentId: intent.id });
    expect(confirmed.body).toEqual({ status: 'requires_payment_method', credits: 1000, balance: startBalance });
    expect(await balance(t.db.orm, userId)).toBe(startBalance);
    expect(await purchaseEntries(userId)).toHaveLength(0);
  });

  it('refuses unsigned, wrongly signed, tampered and stale events, and changes nothing', async () => {
    const { c, userId, startBalance } = await buyer();
    const intent = fake.succeed(await openIntent(c));
    const payload = fake.event('payment_intent.succeeded', intent);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const attempts = [
      postEvent(payload),
      postEvent(payload, ''),
      postEvent(payload, 't=123,v1=deadbeef'),
      postEvent(payload, signed(payload, { secret: 'whsec_someone_else' })),
      postEvent(payload.replace('"amount":500', '"amount":50000'), signed(payload)),
      postEvent(payload, signed(payload, { timestamp: tenMinutesAgo })),
      t.client().request('POST', '/api/stripe/webhook', undefined, { 'stripe-signature': signed(payload) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(messages.invalidSignature);
    }
    // Nor can the procedure be reached over tRPC, where the raw bytes are gone.
    const overTrpc = await t.client().post('/trpc/payments.webhook', { json: { payload, signature: signed(payload) } });
    expect(overTrpc.status).toBe(400);

    expect(await balance(t.db.orm, userId)).toBe(startBalance);
    expect(await purchaseEntries(userId)).toHaveLength(0);
    expect((await payment(intent.id)).creditedAt).toBeNull();
  });

  it('refuses a correctly signed event that carries no intent, and changes nothing', async () => {
    const { c, userId, startBalance } = await buyer();
    const intent = fake.succeed(await openIntent(c));
    const whole = JSON.parse(fake.event('payment_intent.succeeded', intent)) as Record<string, unknown>;
    const payloads = [
      JSON.stringify({ ...whole, data: {} }),
      JSON.stringify({ ...whole, data: { object: null } }),
      JSON.stringify({ ...whole, data: { object: { ...intent, id: 42 } } }),
      JSON.stringify({ ...whole, type: 'payment_intent.payment_failed', data: {} }),
      JSON.stringify({ ...whole, data: undefined }),
      'null',
    ];
    for (const payload of payloads) {
      const res = await postEvent(payload, signed(payload));
      expect(res.status, payload).toBe(400);
      expect(res.body).toEqual({ message: messages.invalidEvent });
    }
    expect(await balance(t.db.orm, userId)).toBe(startBalance);
    expect(await purchaseEntries(userId)).toHaveLength(0);
    expect((await payment(intent.id)).creditedAt).toBeNull();
  });

  it('acknowledges other events without acting on them', async () => {
    const { c, userId, startBalance } = await buyer();
    const intent = fake.succeed(await openIntent(c));
    for (const type of ['payment_intent.created', 'charge.succeeded']) {
      const res = await deliver(type, intent);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
    }
    expect(await balance(t.db.orm, userId)).toBe(startBalance);
  });

  it("refuses to confirm someone else's intent, an unknown one or a malformed id", async () => {
    const owner = await buyer();
    const intent = fake.succeed(await openIntent(owner.c));
    const other = await buyer();
    const stolen = await other.c.post('/api/stripe/confirm', { paymentIntentId: intent.id });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe("Vous n'avez pas accès à cette ressource.");
    const unknown = await other.c.post('/api/stripe/confirm', { paymentIntentId: 'pi_000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Paiement introuvable.');
    for (const paymentIntentId of ['../../v1/charges', '', 42]) {
      const malformed = await other.c.post('/api/stripe/confirm', { paymentIntentId });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Identifiant de paiement invalide.');
    }
    expect(await balance(t.db.orm, other.userId)).toBe(other.startBalance);
    expect(await balance(t.db.orm, owner.userId)).toBe(owner.startBalance);
  });

  it('opens one intent when the connection drops after Stripe created it', async () => {
    const { c, userId } = await buyer();
    const asked = fake.createRequests.length;
    const intents = fake.intents.size;
    fake.dropNextCreateReply = true;
    const intentId = await openIntent(c);
    const [first, retry] = fake.createRequests.slice(asked);
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(fake.intents.size).toBe(intents + 1);
    expect(await t.db.orm.em.fork().find(Payment, { user: userId })).toEqual([expect.objectContaining({ intentId })]);
  });

  it('says so in French when Stripe refuses the intent, and records nothing', async () => {
    const { c, userId } = await buyer();
    fake.refuseCreates = true;
    try {
      const res = await c.post('/api/stripe/create-payment-intent', { credits: 1000, amount: 5 });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: messages.intentRefused });
    } finally {
      fake.refuseCreates = false;
    }
    expect(await t.db.orm.em.fork().count(Payment, { user: userId })).toBe(0);
  });

  it('answers 502 in French when Stripe cannot be reached', async () => {
    const unreachable = createStripeClient(fake.secretKey, `http://127.0.0.1:${await closedPort()}`);
    const down = await startTestApp(target, {
      payments: { stripe: unreachable, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET },
    });
    try {
      const { c, userId } = await buyer(down);
      const res = await c.post('/api/stripe/create-payment-intent', { credits: 1000, amount: 5 });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: messages.intentRefused });
      expect(await down.db.orm.em.fork().count(Payment, { user: userId })).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('sells nothing before the terms in force are accepted, then records the acceptance with its date', async () => {
    const c = t.client({ ip: nextAddress() });
    const { user } = await c.register({ acceptTerms: false });
    expect((await c.get('/api/auth/account')).body.user.termsAccepted).toBe(false);
    for (const refused of [
      await c.post('/api/stripe/create-payment-intent', { credits: 1000, amount: 5 }),
      await c.post('/api/subscriptions', { plan: 'avance' }),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'terms_not_accepted',
        message: 'Acceptez les CGU / CGV avant votre premier achat : cochez la case de la page de paiement.',
      });
    }
    // Nothing was asked of Stripe for them.
    expect(await t.db.orm.em.fork().count(Payment, { user: user.id })).toBe(0);

    const before = Date.now();
    const accepted = await c.post('/api/account/terms', {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ version: TERMS_VERSION, acceptedAt: expect.any(String) });
    const row = await t.db.orm.em.fork().findOneOrFail(User, user.id);
    expect(row).toMatchObject({ termsVersion: TERMS_VERSION });
    expect(row.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await c.get('/api/auth/account')).body.user.termsAccepted).toBe(true);
    await openIntent(c);
  });

  it('says payments are not configured when Stripe keys are absent', async () => {
    const bare = await startTestApp(target);
    try {
      const { c, userId } = await buyer(bare);
      expect((await c.get('/api/stripe/config')).body).toEqual({ publishableKey: null });
      const payload = fake.event('payment_intent.succeeded', {
        id: 'pi_123',
        object: 'payment_intent',
        status: 'succeeded',
      });
      for (const res of [
        await c.post('/api/stripe/create-payment-intent', { credits: 1000, amount: 5 }),
        await c.post('/api/stripe/confirm', { paymentIntentId: 'pi_123' }),
        await c.post('/api/subscriptions', { plan: 'avance' }),
        await bare.client().request('POST', '/api/stripe/webhook', payload, {
          'content-type': 'application/json',
          'stripe-signature': signed(payload),
        }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: messages.notConfigured });
        // Trying later changes nothing until the operator sets the keys: no Retry-After.
        expect(res.headers['retry-after']).toBeUndefined();
      }
      expect(await bare.db.orm.em.fork().count(Payment, { user: userId })).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('counts what an account made, spent, bought, published and was liked for', async () => {
    const { c, userId, startBalance } = await buyer();
    fake.succeed(await openIntent(c, { credits: 2500, amount: 10 }));
    const em = t.db.orm.em.fork();
    const paid = await em.find(Payment, { user: userId });
    expect((await c.post('/api/stripe/confirm', { paymentIntentId: paid[0]!.intentId })).status).toBe(200);

    const spend = (ref: string) =>
      ledger.reserve(t.db.orm.em.fork(), {
        userId,
        cost: 50,
        externalRef: ref,
        description: "Transformation d'image",
        reason: 'transformation',
      });
    for (const ref of ['s1', 's2', 's3']) {
      await spend(`${ref}:${userId}`);
      await ledger.settle(t.db.orm.em.fork(), `${ref}:${userId}`);
    }
    await spend(`failed:${userId}`);
    await ledger.release(t.db.orm.em.fork(), `failed:${userId}`);
    await spend(`in-flight:${userId}`);

    const now = new Date();
    for (const status of ['succeeded', 'succeeded', 'succeeded', 'failed'] as const) {
      em.create(Transformation, { owner: userId, kind: 'image', prompt: 'p', status, engine: 'local', createdAt: now });
    }
    for (const status of ['ready', 'ready', 'failed'] as const) {
      em.create(Video, { owner: userId, sourceImage: 's.jpg', videoUrl: 'v.mp4', prompt: 'p', status, createdAt: now });
    }
    const items = [true, true, false].map((isPublic, i) =>
      em.create(GalleryItem, { owner: userId, transformedImagePath: `item-${i}.jpg`, isPublic, createdAt: now }),
    );
    await em.flush();
    const fans = await Promise.all([buyer(), buyer()]);
    for (const fan of fans) em.create(Like, { user: fan.userId, item: items[0]!, createdAt: now });
    em.create(Like, { user: fans[0].userId, item: items[1]!, createdAt: now });
    // A like this user gives to someone else's item is not one they received.
    const othersItem = em.create(GalleryItem, {
      owner: fans[0].userId,
      transformedImagePath: 'theirs.jpg',
      isPublic: true,
      createdAt: now,
    });
    em.create(Like, { user: userId, item: othersItem, createdAt: now });
    await em.flush();

    const stats = await c.get('/api/account/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      imagesCreated: 3,
      videosCreated: 2,
      creditsSpent: 150,
      creditsBought: 2500,
      itemsPublished: 2,
      likesReceived: 3,
    });
    expect(await balance(t.db.orm, userId)).toBe(startBalance + 2500 - 150 - 50);
    expect(await ledgerSum(t.db.orm, userId)).toBe(await balance(t.db.orm, userId));
  });
});
