import { InProcessQueue, JobService, jobKinds } from '@atelier/api';
import { CreditEntry, GenerationJob, User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import {
  MEDIA_MESSAGES,
  ReplicateImageEngine,
  ReplicateVideoEngine,
  ReplicateWebhooks,
  findModel,
  priceUsd,
  replicateCloud,
  type ImageEngine,
} from '@atelier/media';
import { startFakeReplicate, type FakeReplicate } from '@atelier/media/testing';
import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRedis, redisWebhookRelay } from '../src/redis';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { deleteRedisKeys, testQueueTargets, testRedis } from './support/redis';
import { samplePhoto } from './support/images';

const WEBHOOK_URL = 'https://atelier.example/api/replicate/webhook';

const messages = {
  unsigned: 'Signature du webhook invalide.',
  stale: "L'horodatage du webhook est trop ancien.",
  failed: "La génération a échoué. Aucun crédit n'a été débité.",
};
const METRICS_TOKEN = 'metrics-token-for-the-replicate-suite';

describe.each(testDatabaseTargets())('Replicate predictions reporting by webhook on $name', (target) => {
  let fake: FakeReplicate;
  let t: TestApp;
  const client = freshClients(() => t, 60);
  /** Per prediction, settled once its job has kept the prediction's id (what a cancel elsewhere goes by). */
  const idsKept = new Map<string, { kept: Promise<void>; keep: () => void }>();
  function idKept(predictionId: string) {
    let entry = idsKept.get(predictionId);
    if (!entry) {
      let keep = () => {};
      const kept = new Promise<void>((resolve) => {
        keep = resolve;
      });
      entry = { kept, keep };
      idsKept.set(predictionId, entry);
    }
    return entry;
  }

  /** The Replicate image engine, telling the test when a job has kept its prediction's id. */
  function observedImageEngine(engine: ReplicateImageEngine): ImageEngine {
    return {
      name: engine.name,
      cancel: (predictionId) => engine.cancel(predictionId),
      listPriceUsd: (quote) => engine.listPriceUsd(quote),
      transform: (request) =>
        engine.transform({
          ...request,
          onStarted: async (predictionId, cost) => {
            await request.onStarted?.(predictionId, cost);
            idKept(predictionId).keep();
          },
        }),
    };
  }

  /** Replicate's POST to the app: raw bytes, its signature headers, and no Origin. */
  const postWebhook = ({ headers, body }: { headers: Record<string, string>; body: string }) =>
    t.client().request('POST', '/api/replicate/webhook', body, { 'content-type': 'application/json', ...headers });

  beforeAll(async () => {
    fake = await startFakeReplicate();
    const webhooks = new ReplicateWebhooks({ url: WEBHOOK_URL, secret: fake.webhookSecret });
    const cloud = replicateCloud({
      token: 'test-token',
      baseUrl: fake.baseUrl,
      webhooks,
      stepTimeoutMs: 60_000,
      maxThrottleWaitMs: 2_000,
    });
    t = await startTestApp(target, {
      media: {
        images: observedImageEngine(new ReplicateImageEngine(cloud)),
        videos: new ReplicateVideoEngine(cloud),
        replicateWebhooks: webhooks,
      },
      metricsToken: METRICS_TOKEN,
    });
    // The fake posts its webhooks to the app in-process (the create call named WEBHOOK_URL, checked below).
    fake.transport = async (_url, webhook) => (await postWebhook(webhook)).status;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.reset();
    fake.output = {
      body: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2266aa' } })
        .jpeg()
        .toBuffer(),
      contentType: 'image/jpeg',
    };
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const em = () => t.db.orm.em.fork();
  const balance = async (userId: number) => (await em().findOneOrFail(User, userId)).credits;
  const ledgerSum = async (userId: number) =>
    (await em().find(CreditEntry, { user: userId, status: { $ne: 'released' } })).reduce(
      (sum, e) => sum + (e.type === 'credit' ? e.amount : -e.amount),
      0,
    );
  const polls = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'));

  async function signedIn(): Promise<{ c: TestClient; userId: number; uploadId: number }> {
    const c = client();
    const { user } = await c.register();
    const { body } = await c.upload(await samplePhoto(user.id, 240, 160), { style: 'Aquarelle' });
    return { c, userId: user.id, uploadId: body.id };
  }

  /** Starts a generation that stays running on Replicate; resolves with its job once the job has kept its prediction's id. */
  async function runningGeneration(c: TestClient, uploadId: number): Promise<{ jobId: number; predictionId: string }> {
    fake.scenario = 'slow';
    const made = fake.predictions().length;
    const accepted = await c.post(`/api/transform/${uploadId}`, {}, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    await fake.until(() => fake.predictions().length > made);
    const predictionId = fake.predictions().at(-1)!.id;
    await idKept(predictionId).kept;
    return { jobId: accepted.body.jobId as number, predictionId };
  }

  const outputOf = (predictionId: string) => `${new URL(fake.baseUrl).origin}/outputs/${predictionId}`;

  it('completes a generation from its signed webhook, without polling, and keeps the prediction id with the job', async () => {
    const { c, userId, uploadId } = await signedIn();
    const pollsBefore = polls().length;
    const answer = await c.post(`/api/transform/${uploadId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(polls()).toHaveLength(pollsBefore);
    const [job] = await em().find(GenerationJob, { owner: userId });
    const sent = fake.webhooks.filter((w) => w.predictionId === job!.externalId);
    expect(sent.map(({ status, answer }) => ({ status, answer }))).toEqual([{ status: 'succeeded', answer: 200 }]);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(create?.body).toMatchObject({
      webhook: WEBHOOK_URL,
      webhook_events_filter: ['completed'],
      input: { seed: job!.seed },
    });
    expect(job!.predictions).toEqual([job!.externalId]);
    expect(fake.refused).toEqual([]);
    expect(job).toMatchObject({ status: 'succeeded', engine: 'replicate' });
    expect(await balance(userId)).toBe(450);
    // What it cost at the model's list price, on the job and in the metrics, for the operator to judge the cloud.
    const price = priceUsd(findModel('black-forest-labs/flux-kontext-pro')!, { size: { width: 240, height: 160 } });
    expect(job!.cloudSpendUsd).toBeCloseTo(price);
    const metrics = await t
      .client()
      .request('GET', '/api/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
    const spend = /atelier_cloud_spend_usd_total\{model="black-forest-labs\/flux-kontext-pro"\} ([\d.]+)/.exec(
      metrics.text,
    );
    expect(Number(spend?.[1])).toBeGreaterThanOrEqual(price);
    // The answer and the gallery name the model that made the picture.
    expect(answer.body).toMatchObject({ engine: 'replicate', models: ['black-forest-labs/flux-kontext-pro'] });
    const saved = await c.post('/api/gallery/save', {
      transformedImagePath: answer.body.transformedImagePath,
      originalImagePath: answer.body.originalImagePath,
      transformationType: 'style',
      transformationOption: 'Aquarelle',
      transformationPrompt: null,
      sessionKey: null,
    });
    expect(saved.body.item).toMatchObject({ engine: 'replicate', models: ['black-forest-labs/flux-kontext-pro'] });
  });

  /** What the user's history says a job took, and what the job says it was sold for. */
  const charged = async (jobId: number) => {
    const entry = await em().findOneOrFail(CreditEntry, { externalRef: `job:${jobId}` });
    const job = await em().findOneOrFail(GenerationJob, jobId);
    return { entry: { amount: entry.amount, status: entry.status }, job: job.credits };
  };

  it('charges an edit and its upscale their quoted price, from the models that make them', async () => {
    const c = client();
    const { user } = await c.register();
    const selection = {
      style: { id: 'watercolor', name: 'Aquarelle' },
      upscale: { id: 'upscale-2x', name: 'Agrandir ×2' },
    };
    // Kontext ($0.04), then Topaz from its megapixel to 2508 × 1672 (one 24 MP block, $0.08): $0.12, 70 credits.
    const quote = await c.post('/api/transform/quote', { width: 240, height: 160, selection });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toEqual({ credits: 70 });
    const { body: upload } = await c.upload(await samplePhoto(user.id, 240, 160), {
      selection: JSON.stringify(selection),
    });
    const answer = await c.post(`/api/transform/${upload.id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ credits: 430, creditsCharged: 70 });
    expect(fake.predictions().map(({ model }) => model)).toEqual([
      'black-forest-labs/flux-kontext-pro',
      'topazlabs/image-upscale',
    ]);
    expect(await charged(answer.body.jobId as number)).toEqual({ entry: { amount: 70, status: 'settled' }, job: 70 });
    expect(await ledgerSum(user.id)).toBe(await balance(user.id));
  });

  it('charges a video its model’s price, said before and in the answer', async () => {
    const c = client();
    const { user } = await c.register();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
    fake.outputFor = (model) =>
      model === 'minimax/hailuo-2.3' ? { body: mp4, contentType: 'video/mp4' } : fake.output;
    // hailuo-2.3 at 768p for 6 s lists at $0.28: 170 credits keep the margin at the cheapest credit sold.
    const quote = await c.post('/api/transform/quote', { kind: 'video', width: 240, height: 160 });
    expect(quote.body).toEqual({ credits: 170 });
    const { body: upload } = await c.upload(await samplePhoto(user.id, 240, 160), { style: 'Aquarelle' });
    const answer = await c.post('/api/generate-video', { imageUrl: upload.imagePath, prompt: 'Travelling lent' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ success: true, creditsCharged: 170 });
    expect(await balance(user.id)).toBe(330);
    expect(await charged(answer.body.jobId as number)).toEqual({ entry: { amount: 170, status: 'settled' }, job: 170 });
  });

  it('refuses a video the balance cannot pay, with its real price', async () => {
    const c = client();
    const { user } = await c.register();
    const { body: upload } = await c.upload(await samplePhoto(user.id, 240, 160), { style: 'Aquarelle' });
    await em().nativeUpdate(User, user.id, { credits: 160 });
    const refused = await c.post('/api/generate-video', { imageUrl: upload.imagePath });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'Crédits insuffisants. Vous avez besoin de 170 crédits pour cette transformation.',
    );
    expect(fake.predictions()).toEqual([]);
  });

  it('takes a webhook of several megabytes, as one echoing a large input image is', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId } = await runningGeneration(c, uploadId);
    await fake.finish(predictionId).catch(() => undefined);
    const large = {
      id: predictionId,
      status: 'succeeded',
      input: { input_image: `data:image/jpeg;base64,${'A'.repeat(3 * 1024 * 1024)}` },
      output: outputOf(predictionId),
    };
    const received = await postWebhook(fake.sign(JSON.stringify(large)));
    expect(received).toMatchObject({ status: 200, body: { received: true } });
    const events = await c.get(`/api/jobs/${jobId}/events`);
    expect(events.text).toContain('"status":"succeeded"');
    expect(await balance(userId)).toBe(450);
  });

  it('changes nothing for a forged, unsigned or stale webhook, and takes a repeated one without a second effect', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId } = await runningGeneration(c, uploadId);
    const succeeded = JSON.stringify({ id: predictionId, status: 'succeeded', output: outputOf(predictionId) });
    const now = Math.floor(Date.now() / 1000);

    const forged = await postWebhook(
      fake.sign(succeeded, { secret: `whsec_${Buffer.from('not the account key').toString('base64')}` }),
    );
    expect(forged).toMatchObject({ status: 401, body: { message: messages.unsigned } });
    const unsigned = await postWebhook({ headers: {}, body: succeeded });
    expect(unsigned).toMatchObject({ status: 401, body: { message: messages.unsigned } });
    const processing = fake.sign(JSON.stringify({ id: predictionId, status: 'processing' }));
    const tampered = await postWebhook({ ...processing, body: succeeded });
    expect(tampered).toMatchObject({ status: 401, body: { message: messages.unsigned } });
    const stale = await postWebhook(fake.sign(succeeded, { timestamp: now - 6 * 60 }));
    expect(stale).toMatchObject({ status: 400, body: { message: messages.stale } });
    // Replicate retries a delivery it thinks failed: the same webhook id twice is a 2xx both times.
    expect(await postWebhook(processing)).toMatchObject({ status: 200 });
    expect(await postWebhook(processing)).toMatchObject({ status: 200 });

    expect((await c.get(`/api/jobs/${jobId}`)).body).toMatchObject({ status: 'running', result: null });
    expect(await balance(userId)).toBe(450); // still held, not settled
    expect((await c.post(`/api/jobs/${jobId}/cancel`)).status).toBe(200);
    await fake.until(() => fake.canceled.includes(predictionId));
  });

  it('completes a generation once, whatever the number of deliveries of its webhook', async () => {
    const { c, userId, uploadId } = await signedIn();
    fake.duplicateWebhooks = true;
    const answer = await c.post(`/api/transform/${uploadId}`);
    expect(answer.status, answer.text).toBe(200);
    const [job] = await em().find(GenerationJob, { owner: userId });
    expect(fake.webhooks.filter((w) => w.predictionId === job!.externalId).map(({ answer: status }) => status)).toEqual(
      [200, 200],
    );
    expect(await balance(userId)).toBe(450);
    expect(await ledgerSum(userId)).toBe(450);
  });

  it('cancels the prediction on Replicate when its job is canceled, and gives the credits back', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId } = await runningGeneration(c, uploadId);
    expect(await balance(userId)).toBe(450);
    const canceled = await c.post(`/api/jobs/${jobId}/cancel`);
    expect(canceled.body).toMatchObject({ status: 'canceled' });
    await fake.until(
      () =>
        fake.canceled.includes(predictionId) &&
        fake.webhooks.some((w) => w.predictionId === predictionId && w.status === 'canceled'),
    );
    // Replicate's "completed" webhook of the canceled prediction is taken, and changes nothing either.
    expect(fake.webhooks.find((w) => w.predictionId === predictionId && w.status === 'canceled')?.answer).toBe(200);
    expect((await c.get(`/api/jobs/${jobId}`)).body).toMatchObject({ status: 'canceled', result: null });
    expect(await balance(userId)).toBe(500);
    expect(await ledgerSum(userId)).toBe(500);
  });

  it('cancels the prediction by its id when the job is canceled from another instance', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId } = await runningGeneration(c, uploadId);
    await idKept(predictionId).kept;
    // Another instance on the same database, where the job does not run.
    const otherInstance = new JobService({
      orm: t.db.orm,
      media: t.media,
      queue: new InProcessQueue({ concurrency: 1, perUser: 1 }),
      kinds: jobKinds,
    });
    expect(await otherInstance.cancel(em(), userId, jobId)).toMatchObject({ status: 'canceled' });
    expect(fake.canceled).toContain(predictionId);
    // The engine call waiting in this instance hears of it by the prediction's webhook.
    await fake.until(() => fake.webhooks.some((w) => w.predictionId === predictionId && w.status === 'canceled'));
    expect(fake.webhooks.find((w) => w.predictionId === predictionId && w.status === 'canceled')?.answer).toBe(200);
    expect(await balance(userId)).toBe(500);
    expect(await ledgerSum(userId)).toBe(500);
  });

  it('charges nothing for a prediction that failed', async () => {
    const { c, userId, uploadId } = await signedIn();
    fake.scenario = 'failed';
    const answer = await c.post(`/api/transform/${uploadId}`);
    expect(answer).toMatchObject({ status: 502, body: { message: messages.failed } });
    const [job] = await em().find(GenerationJob, { owner: userId });
    expect(job).toMatchObject({ status: 'failed' });
    expect(fake.webhooks.find((w) => w.predictionId === job!.externalId && w.status === 'failed')?.answer).toBe(200);
    expect(await balance(userId)).toBe(500);
    expect(await ledgerSum(userId)).toBe(500);
  });

  it.each([
    [
      'a revoked token',
      (): void => void (fake.token = 'another-token'),
      502,
      MEDIA_MESSAGES.generationUnavailable,
      'unauthorized',
      'error',
    ],
    [
      'an empty Replicate balance',
      (): void => void (fake.scenario = 'no-credit'),
      502,
      MEDIA_MESSAGES.generationUnavailable,
      'insufficient_credit',
      'error',
    ],
    [
      'a refusal by the content filter',
      (): void => void (fake.scenario = 'moderation'),
      400,
      MEDIA_MESSAGES.generationRefused,
      'moderation',
      'warn',
    ],
    [
      'a throttling past its bound',
      (): void => void (fake.throttle = { count: 10, seconds: 120 }),
      502,
      MEDIA_MESSAGES.generationBusy,
      'throttled',
      'warn',
    ],
  ] as const)(
    'after %s: a French message that fits, nothing charged, a log line and a metric for the operator',
    async (_, arrange, status, message, reason, level) => {
      const { c, userId, uploadId } = await signedIn();
      const logged = vi.spyOn(t.app.log, level);
      arrange();
      const answer = await c.post(`/api/transform/${uploadId}`);
      fake.token = 'test-token';
      expect(answer).toMatchObject({ status, body: { message } });
      expect(await balance(userId)).toBe(500);
      expect(await ledgerSum(userId)).toBe(500);
      const [job] = await em().find(GenerationJob, { owner: userId });
      expect(job).toMatchObject({ status: 'failed', error: message });
      const line = logged.mock.calls.find(([object]) => (object as { jobId?: number }).jobId === job!.id);
      expect(line?.[0]).toMatchObject({ jobId: job!.id, userId, reason, model: 'black-forest-labs/flux-kontext-pro' });
      expect(String((line?.[0] as { detail: string }).detail).length).toBeGreaterThan(0);
      const metrics = await t
        .client()
        .request('GET', '/api/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(metrics.text).toMatch(
        new RegExp(
          `atelier_cloud_failures_total\\{model="black-forest-labs/flux-kontext-pro",reason="${reason}"\\} [1-9]`,
        ),
      );
    },
  );
});

describe.each(testQueueTargets().filter(({ name }) => name === 'redis'))(
  'Replicate outcomes across instances, on $name',
  (target) => {
    it('hands a webhook received by one instance to the generation waiting on another, through Redis', async () => {
      const settings = testRedis(target)!;
      const log = { error: () => {} };
      const [a, b] = await Promise.all([connectRedis(settings, log), connectRedis(settings, log)]);
      try {
        const secret = `whsec_${Buffer.from('the relay suite key').toString('base64')}`;
        const [receiving, waiting] = [a, b].map((redis) => {
          const webhooks = new ReplicateWebhooks({ url: WEBHOOK_URL, secret });
          webhooks.relayThrough(redisWebhookRelay(redis, log));
          return webhooks;
        });
        // A ping answered on each listening connection: their SUBSCRIBE, sent before it, is in place.
        await Promise.all([a.subscriber.ping(), b.subscriber.ping()]);
        const outcome = waiting!.outcome('p-elsewhere');
        const body = JSON.stringify({
          id: 'p-elsewhere',
          status: 'succeeded',
          output: 'https://replicate.delivery/out.jpg',
          input: { input_image: 'data:image/jpeg;base64,AAAA' },
        });
        const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = `v1,${createHmac('sha256', key).update(`msg_relay.${timestamp}.${body}`).digest('base64')}`;
        await receiving!.receive({ id: 'msg_relay', timestamp, signature, body });
        const prediction = await outcome.finished;
        expect(prediction).toMatchObject({
          id: 'p-elsewhere',
          status: 'succeeded',
          output: 'https://replicate.delivery/out.jpg',
        });
        expect(prediction).not.toHaveProperty('input');
      } finally {
        await Promise.all([a.close(), b.close()]);
        await deleteRedisKeys(settings);
      }
    });
  },
);
