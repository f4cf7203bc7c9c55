import {
  AuditEntry,
  CreditEntry,
  GenerationJob,
  Payment,
  PostReport,
  SubscriptionInvoice,
  Transformation,
  Upload,
  User,
} from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { storageFileName } from '@atelier/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberFactory, type Member } from './support/gallery';
import { startTestApp, type TestApp } from './support/harness';
import { samplePhoto } from './support/images';
import { startMailCatcher } from './support/mail-catcher';

const ADMIN_EMAIL = 'moderation@atelier.example';
const STATEMENT = 'Image violente, contraire aux conditions d’utilisation (article 4).';

describe.each(testDatabaseTargets())("the operator's console on $name", (target) => {
  let t: TestApp;
  const member = memberFactory(() => t, 71);
  let admin: Member;
  let photo: Buffer;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await startTestApp(target, {
      api: { adminEmails: [ADMIN_EMAIL] },
      rateLimits: { reportsPerHour: 3 },
      mail: { smtpUrl: catcher.url, from: 'Atelier <no-reply@atelier.example>', appUrl: 'https://atelier.example' },
    });
    const c = t.client({ ip: '10.71.250.1' });
    // Signed up in capitals: the address is compared as e-mails are stored, lower-cased.
    const { user } = await c.register({ email: ADMIN_EMAIL.toUpperCase() });
    admin = { c, userId: user.id, email: ADMIN_EMAIL };
    photo = await samplePhoto(2, 64, 48);
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  /** A post of the member's published with its original, both files really stored. */
  async function publishedPost(author: Member): Promise<{ id: number; files: string[] }> {
    const [resultKey, uploadKey] = await Promise.all([
      t.media.storage.put('results', photo, 'jpg'),
      t.media.storage.put('uploads', photo, 'jpg'),
    ]);
    const em = t.db.orm.em.fork();
    em.create(Transformation, {
      owner: author.userId,
      kind: 'image',
      prompt: 'aquarelle',
      status: 'succeeded',
      resultKey,
      resultFile: storageFileName(resultKey),
      engine: 'local',
      createdAt: new Date(),
    });
    em.create(Upload, {
      owner: author.userId,
      storageKey: uploadKey,
      size: photo.length,
      mime: 'image/jpeg',
      width: 64,
      height: 48,
      createdAt: new Date(),
    });
    await em.flush();
    const files = [`/api/media/${resultKey}`, `/api/media/${uploadKey}`];
    const saved = await author.c.post('/api/gallery/save', {
      transformedImagePath: files[0],
      originalImagePath: files[1],
    });
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.item.id as number;
    expect((await author.c.post(`/api/posts/${id}/public`, { withOriginal: true })).status).toBe(200);
    return { id, files };
  }

  const feedIds = async () =>
    ((await t.client({ ip: '10.71.200.1' }).get('/api/feed/public')).body.posts as { id: number }[]).map(
      (post) => post.id,
    );

  it('takes reports from anyone, once per reporter and post, in French, limited per address', async () => {
    const author = await member();
    const post = await publishedPost(author);
    const reporter = await member();
    const visitor = t.client({ ip: '10.71.100.1' });

    const first = await reporter.c.post(`/api/posts/${post.id}/reports`, { reason: 'spam', details: ' Publicité ' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.message).toMatch(/^Merci : votre signalement a été transmis/);
    expect((await reporter.c.post(`/api/posts/${post.id}/reports`, { reason: 'violence' })).status).toBe(201);
    expect((await visitor.post(`/api/posts/${post.id}/reports`, { reason: 'other' })).status).toBe(201);
    const stored = await t.db.orm.em.fork().find(PostReport, { post: post.id }, { orderBy: { id: 'asc' } });
    expect(stored.map((report) => [report.reason, report.details, report.reporter?.id ?? null])).toEqual([
      ['spam', 'Publicité', reporter.userId],
      ['other', null, null],
    ]);
    // No address is kept, only its hash.
    expect(stored[1]!.reporterKey).toMatch(/^ip:[0-9a-f]{64}$/);

    const unknown = await visitor.post(`/api/posts/${post.id}/reports`, { reason: 'laid' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'Motif inconnu : « illegal », « nudity », « violence », « harassment », « copyright », « spam », « other »',
    );
    const long = await t.client({ ip: '10.71.100.2' }).post(`/api/posts/${post.id}/reports`, {
      reason: 'other',
      details: 'é'.repeat(1001),
    });
    expect(long.status).toBe(400);
    expect((await t.client({ ip: '10.71.100.2' }).post('/api/posts/999999/reports', { reason: 'spam' })).status).toBe(
      404,
    );
    // Three an hour from this address in this suite, counted whatever the post: the fourth is refused.
    for (const postId of [post.id, 999999])
      expect((await visitor.post(`/api/posts/${postId}/reports`, { reason: 'other' })).status).toBeLessThan(500);
    const limited = await visitor.post(`/api/posts/${post.id}/reports`, { reason: 'other' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Trop de signalements en peu de temps\. Réessayez dans \d+ minutes?\.$/);
  });

  it('hides a reported post from everyone but its owner, who reads why and may ask once for a review', async () => {
    const author = await member();
    const post = await publishedPost(author);
    const visitor = t.client({ ip: '10.71.101.1' });
    const stranger = await member();
    for (const reason of ['violence', 'illegal'])
      expect(
        (await t.client({ ip: `10.71.102.${reason.length}` }).post(`/api/posts/${post.id}/reports`, { reason })).status,
      ).toBe(201);

    const open = await admin.c.get('/api/admin/reports?status=open');
    expect(open.status, open.text).toBe(200);
    const line = (open.body.reports as { reportId: number; post: { id: number } }[]).find(
      (entry) => entry.post.id === post.id,
    );
    expect(line).toMatchObject({
      count: 2,
      reasons: [
        { reason: 'violence', count: 1 },
        { reason: 'illegal', count: 1 },
      ],
      post: { transformedImagePath: post.files[0], owner: { id: author.userId } },
    });

    const badAction = await admin.c.post(`/api/admin/reports/${line!.reportId}/decision`, {
      action: 'delete',
      statement: STATEMENT,
    });
    expect(badAction.status).toBe(400);
    expect(badAction.body.message).toBe('Action inconnue : « hide » ou « dismiss »');
    const noStatement = await admin.c.post(`/api/admin/reports/${line!.reportId}/decision`, {
      action: 'hide',
      statement: 'x'.repeat(2001),
    });
    expect(noStatement.status).toBe(400);

    const decided = await admin.c.post(`/api/admin/reports/${line!.reportId}/decision`, {
      action: 'hide',
      statement: STATEMENT,
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body).toEqual({ postId: post.id, decided: 2 });
    expect(
      (await admin.c.post(`/api/admin/reports/${line!.reportId}/decision`, { action: 'dismiss', statement: 'x' }))
        .status,
    ).toBe(409);

    expect(await feedIds()).not.toContain(post.id);
    for (const viewer of [visitor, stranger.c]) {
      expect((await viewer.get(`/api/posts/${post.id}`)).status).toBe(404);
      for (const file of post.files) expect((await viewer.get(file)).status).toBe(404);
    }
    // Its owner still sees its files, and so do the administrators who may be asked to look again.
    for (const viewer of [author.c, admin.c])
      for (const file of post.files) expect((await viewer.get(file)).status).toBe(200);
    const gallery = await author.c.get(`/api/gallery/${author.userId}`);
    const item = (gallery.body.gallery as { id: number }[]).find((entry) => entry.id === post.id);
    expect(item).toMatchObject({ isPublic: false, moderation: { statement: STATEMENT, reviewRequestedAt: null } });
    const mail = await catcher.mailTo(author.email);
    expect(mail.text).toContain(STATEMENT);
    expect(mail.text).toContain('demander un réexamen : https://atelier.example/gallery');
    // Publishing it again is not the owner's to do.
    const republished = await author.c.post(`/api/posts/${post.id}/public`);
    expect(republished.status).toBe(409);
    expect(await feedIds()).not.toContain(post.id);

    expect((await stranger.c.post(`/api/gallery/${post.id}/review`)).status).toBe(404);
    expect((await author.c.post(`/api/gallery/${post.id}/review`)).status).toBe(200);
    const again = await author.c.post(`/api/gallery/${post.id}/review`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Vous avez déjà demandé le réexamen de cette décision.');
    const upheld = (await admin.c.get('/api/admin/reports?status=upheld')).body.reports as {
      post: { id: number; reviewRequestedAt: string | null };
    }[];
    expect(upheld.find((entry) => entry.post.id === post.id)?.post.reviewRequestedAt).not.toBeNull();

    const restored = await admin.c.post(`/api/admin/posts/${post.id}/restore`, { reason: 'Réexamen : conforme.' });
    expect(restored.status, restored.text).toBe(200);
    expect(await feedIds()).toContain(post.id);
    for (const file of post.files) expect((await visitor.get(file)).status).toBe(200);
    expect((await admin.c.post(`/api/admin/posts/${post.id}/restore`, { reason: 'encore' })).status).toBe(404);

    const audit = await t.db.orm.em.fork().find(AuditEntry, { targetId: post.id }, { orderBy: { id: 'asc' } });
    expect(audit.map((entry) => [entry.actorEmail, entry.action, entry.targetType, entry.reason])).toEqual([
      [ADMIN_EMAIL, 'report.hide', 'post', STATEMENT],
      [ADMIN_EMAIL, 'post.restore', 'post', 'Réexamen : conforme.'],
    ]);
  });

  it('dismisses a report and leaves the post where it was', async () => {
    const post = await publishedPost(await member());
    await t.client({ ip: '10.71.103.1' }).post(`/api/posts/${post.id}/reports`, { reason: 'copyright' });
    const { reportId } = (
      (await admin.c.get('/api/admin/reports')).body.reports as { reportId: number; post: { id: number } }[]
    ).find((entry) => entry.post.id === post.id)!;
    expect(
      (await admin.c.post(`/api/admin/reports/${reportId}/decision`, { action: 'dismiss', statement: 'Œuvre libre.' }))
        .status,
    ).toBe(200);
    expect(await feedIds()).toContain(post.id);
    const open = (await admin.c.get('/api/admin/reports')).body.reports as { post: { id: number } }[];
    expect(open.map((entry) => entry.post.id)).not.toContain(post.id);
  });

  it('grants and withdraws credits as ledger entries the member reads, never below zero', async () => {
    const someone = await member({ firstName: 'Léonie', lastName: 'Vasseur-Grant' });
    const reason = 'Remboursement d’une génération ratée';
    const granted = await admin.c.post(`/api/admin/users/${someone.userId}/credits`, { amount: 120, reason });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toEqual({ balance: 620 });
    const overdrawn = await admin.c.post(`/api/admin/users/${someone.userId}/credits`, { amount: -700, reason: 'x' });
    expect(overdrawn.status).toBe(409);
    expect(overdrawn.body.message).toBe("Le solde ne peut pas devenir négatif : ce membre n'a que 620 crédits.");
    expect(
      (await admin.c.post(`/api/admin/users/${someone.userId}/credits`, { amount: -20, reason: 'Doublon' })).body,
    ).toEqual({ balance: 600 });
    for (const refused of [{ amount: 0 }, { amount: 1.5 }, { amount: 10, reason: 'é'.repeat(201) }, { amount: '10' }])
      expect((await admin.c.post(`/api/admin/users/${someone.userId}/credits`, { reason, ...refused })).status).toBe(
        400,
      );
    expect((await admin.c.post('/api/admin/users/999999/credits', { amount: 5, reason })).status).toBe(404);
    // The longest reason, in two-byte characters, fits the ledger's description with its prefix.
    const longest = await admin.c.post(`/api/admin/users/${someone.userId}/credits`, {
      amount: 1,
      reason: 'é'.repeat(200),
    });
    expect(longest.status, longest.text).toBe(200);

    const history = (await someone.c.get('/api/credits/history')).body as { description: string; amount: number }[];
    expect(history.slice(1, 3)).toMatchObject([
      { type: 'debit', amount: 20, description: "Crédits retirés par l'équipe Atelier : Doublon" },
      { type: 'credit', amount: 120, description: `Crédits offerts par l'équipe Atelier : ${reason}` },
    ]);
    const entries = await t.db.orm.em.fork().find(CreditEntry, { user: someone.userId, status: 'settled' });
    const sum = entries.reduce((total, entry) => total + (entry.type === 'credit' ? entry.amount : -entry.amount), 0);
    expect(sum).toBe(601);
    expect(entries.filter((entry) => entry.reason === 'admin_adjustment')).toHaveLength(3);

    const found = await admin.c.get('/api/admin/users?q=vasseur-g');
    expect(found.body.members).toEqual([
      expect.objectContaining({ id: someone.userId, credits: 601, suspended: false }),
    ]);
    const detail = await admin.c.get(`/api/admin/users/${someone.userId}`);
    expect(detail.body).toMatchObject({ email: someone.email, suspension: null, jobs: [], posts: [] });
    expect(detail.body.ledger.map((entry: { amount: number }) => entry.amount)).toEqual([1, 20, 120, 500]);
    const audit = await t.db.orm.em
      .fork()
      .find(AuditEntry, { targetType: 'user', targetId: someone.userId }, { orderBy: { id: 'asc' } });
    expect(audit.map((entry) => [entry.action, entry.reason, entry.details?.amount])).toEqual([
      ['credits.adjust', reason, 120],
      ['credits.adjust', 'Doublon', -20],
      ['credits.adjust', 'é'.repeat(200), 1],
    ]);
  });

  it('suspends a member: sessions and tokens end, sign-in is refused with the reasons, posts hide', async () => {
    const suspect = await member();
    const post = await publishedPost(suspect);
    const otherDevice = t.client({ ip: '10.71.104.1' });
    expect((await otherDevice.post('/api/login', { email: suspect.email, password: 'motdepasse' })).status).toBe(200);
    const token = (await suspect.c.post('/api/account/tokens', { name: 'Script', scope: 'read' })).body.token as string;
    const script = t.client({ ip: '10.71.104.2', headers: { authorization: `Bearer ${token}` } });
    expect((await script.get('/api/user')).status).toBe(200);

    const statement = 'Publications répétées de contenus haineux.';
    const suspended = await admin.c.post(`/api/admin/users/${suspect.userId}/suspend`, { statement });
    expect(suspended.status, suspended.text).toBe(200);
    for (const client of [suspect.c, otherDevice, script]) expect((await client.get('/api/user')).status).toBe(401);
    const signIn = await t.client({ ip: '10.71.104.3' }).post('/api/login', {
      email: suspect.email,
      password: 'motdepasse',
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(
      `Ce compte est suspendu. Motif : ${statement} Pour contester cette décision, écrivez à l'équipe d'Atelier.`,
    );
    // A wrong password says nothing of a suspension.
    expect(
      (await t.client({ ip: '10.71.104.4' }).post('/api/login', { email: suspect.email, password: 'pas-le-bon' }))
        .status,
    ).toBe(401);
    expect(await feedIds()).not.toContain(post.id);
    expect((await admin.c.post(`/api/admin/users/${suspect.userId}/suspend`, { statement })).status).toBe(409);
    const self = await admin.c.post(`/api/admin/users/${admin.userId}/suspend`, { statement });
    expect(self.status).toBe(409);
    expect((await admin.c.get('/api/user')).status).toBe(200);

    expect((await admin.c.post(`/api/admin/users/${suspect.userId}/unsuspend`, { reason: 'Levée.' })).status).toBe(200);
    expect(
      (await t.client({ ip: '10.71.104.5' }).post('/api/login', { email: suspect.email, password: 'motdepasse' }))
        .status,
    ).toBe(200);
    expect(await feedIds()).toContain(post.id);
    expect((await admin.c.post(`/api/admin/users/${suspect.userId}/unsuspend`, { reason: 'Levée.' })).status).toBe(409);
  });

  it('sums the period from the ledger, payments, invoices and jobs, as a count of the rows does', async () => {
    const buyer = await member();
    const now = new Date();
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    const em = t.db.orm.em.fork();
    const payment = (intentId: string, amountCents: number, currency: string, creditedAt: Date | null) =>
      em.create(Payment, {
        user: buyer.userId,
        intentId,
        credits: 1000,
        amountCents,
        currency,
        status: creditedAt ? 'succeeded' : 'requires_payment_method',
        creditedAt,
        createdAt: creditedAt ?? now,
      });
    payment(`pi_a_${buyer.userId}`, 500, 'eur', now);
    payment(`pi_b_${buyer.userId}`, 2000, 'eur', now);
    payment(`pi_c_${buyer.userId}`, 1000, 'usd', now);
    payment(`pi_d_${buyer.userId}`, 1000, 'eur', longAgo);
    payment(`pi_e_${buyer.userId}`, 1000, 'eur', null);
    for (const [stripeId, paidAt] of [
      [`in_a_${buyer.userId}`, now],
      [`in_b_${buyer.userId}`, longAgo],
    ] as const)
      em.create(SubscriptionInvoice, {
        user: buyer.userId,
        stripeId,
        subscriptionStripeId: 'sub_1',
        amountCents: 1000,
        currency: 'eur',
        credits: 2750,
        paidAt,
      });
    const outcomes = [
      ['local', 'succeeded', null, now, 0],
      ['replicate', 'succeeded', null, now, 0.12],
      ['replicate', 'failed', 'UPSTREAM', now, 0.04],
      ['replicate', 'failed', 'UPSTREAM', now, 0],
      ['local', 'failed', 'VALIDATION', now, 0],
      ['replicate', 'succeeded', null, longAgo, 0.08],
      ['replicate', 'canceled', null, now, 0.045],
    ] as const;
    for (const [engine, status, errorCode, finishedAt, cloudSpendUsd] of outcomes)
      em.create(GenerationJob, {
        owner: buyer.userId,
        kind: 'studio',
        input: {},
        status,
        stage: 'Terminé',
        seed: 1,
        engine,
        errorCode,
        cloudSpendUsd,
        createdAt: finishedAt,
        finishedAt,
      });
    await em.flush();

    const answer = await admin.c.get('/api/admin/overview?days=30');
    expect(answer.status, answer.text).toBe(200);
    const overview = answer.body;

    // The same figures, from every row of each table, filtered and summed here.
    const all = t.db.orm.em.fork();
    const since = Date.now() - 30 * 24 * 3600 * 1000;
    const inPeriod = (date: Date | null | undefined) => date != null && date.getTime() >= since;
    const payments = (await all.findAll(Payment)).filter((row) => inPeriod(row.creditedAt));
    const invoices = (await all.findAll(SubscriptionInvoice)).filter((row) => inPeriod(row.paidAt));
    const cents = (rows: { currency: string; amountCents: number }[], currency: string) =>
      rows.filter((row) => row.currency === currency).reduce((total, row) => total + row.amountCents, 0);
    expect(overview.moneyIn).toEqual(
      ['eur', 'usd'].map((currency) => ({
        currency,
        paymentsCents: cents(payments, currency),
        invoicesCents: cents(invoices, currency),
        totalCents: cents(payments, currency) + cents(invoices, currency),
      })),
    );
    expect(overview.moneyIn[0]).toMatchObject({ paymentsCents: 2500, invoicesCents: 1000 });

    const jobs = (await all.findAll(GenerationJob)).filter((row) => inPeriod(row.finishedAt));
    const ended = (status: string) => jobs.filter((job) => job.status === status).length;
    expect(overview.generations).toMatchObject({ succeeded: ended('succeeded'), failed: ended('failed') });
    const failedUpstream = overview.generations.byOutcome.find(
      (outcome: { engine: string; errorCode: string | null }) =>
        outcome.engine === 'replicate' && outcome.errorCode === 'UPSTREAM',
    );
    expect(failedUpstream).toEqual({ engine: 'replicate', status: 'failed', errorCode: 'UPSTREAM', count: 2 });

    const entries = (await all.find(CreditEntry, { status: 'settled' })).filter((row) => inPeriod(row.createdAt));
    for (const { reason, type, entries: count, amount } of overview.credits) {
      const same = entries.filter((entry) => entry.reason === reason && entry.type === type);
      expect([count, amount]).toEqual([same.length, same.reduce((total, entry) => total + entry.amount, 0)]);
    }
    expect(overview.credits.reduce((total: number, group: { entries: number }) => total + group.entries, 0)).toBe(
      entries.length,
    );
    expect(overview.newMembers).toBe((await all.findAll(User)).filter((row) => inPeriod(row.createdAt)).length);
    expect(overview.openReports).toBe(await all.count(PostReport, { status: 'open' }));
    const spent = jobs.filter((job) => job.cloudSpendUsd > 0);
    const dollars = spent.reduce((total, job) => total + job.cloudSpendUsd, 0);
    expect(overview.cloudSpend.totalUsd).toBeCloseTo(dollars);
    expect(overview.cloudSpend.byEngine).toEqual([
      { engine: 'replicate', jobs: spent.length, usd: expect.closeTo(dollars) },
    ]);

    for (const days of ['0', '367', '1.5', 'tous'])
      expect((await admin.c.get(`/api/admin/overview?days=${days}`)).status).toBe(400);
  });
});
