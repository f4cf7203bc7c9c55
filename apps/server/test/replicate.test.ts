import { InProcessQueue, JobService, jobKinds } from '@atelier/api';
import { CreditEntry, GenerationJob, User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { DEFAULT_IMAGE_MODEL, DEFAULT_VIDEO_MODEL, ReplicateImageEngine, ReplicateVideoEngine, ReplicateWebhooks, type ImageEngine } from '@atelier/media';
import { startFakeReplicate, type FakeReplicate, type SignedWebhook } from '@atelier/media/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';

const WEBHOOK_URL = 'https://atelier.example/api/replicate/webhook';

const messages = {
  unsigned: 'Signature du webhook invalide.',
  stale: "L'horodatage du webhook est trop ancien.",
  replayed: 'Ce webhook a déjà été reçu.',
  failed: "La génération a échoué. Aucun crédit n'a été débité.",
};

describe.each(testDatabaseTargets())('Replicate predictions reporting by webhook on $name', (target) => {
  let fake: FakeReplicate;
  let t: TestApp;
  let ip = 0;
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
      transform: (request) =>
        engine.transform({
          ...request,
          onStarted: async (predictionId) => {
            await request.onStarted?.(predictionId);
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
    fake.output = { body: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2266aa' } }).jpeg().toBuffer(), contentType: 'image/jpeg' };
    const webhooks = new ReplicateWebhooks({ url: WEBHOOK_URL, secret: fake.webhookSecret });
    const replicate = { token: 'test-token', baseUrl: fake.baseUrl, webhooks, timeoutMs: 60_000 };
    t = await startTestApp(target, {
      media: {
        images: observedImageEngine(new ReplicateImageEngine({ ...replicate, model: DEFAULT_IMAGE_MODEL })),
        videos: new ReplicateVideoEngine({ ...replicate, model: DEFAULT_VIDEO_MODEL }),
        replicateWebhooks: webhooks,
      },
    });
    // The fake posts its webhooks to the app in-process (the create call named WEBHOOK_URL, checked below).
    fake.transport = async (_url, webhook) => (await postWebhook(webhook)).status;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.scenario = 'success';
  });

  const em = () => t.db.orm.em.fork();
  const balance = async (userId: number) => (await em().findOneOrFail(User, userId)).credits;
  const ledgerSum = async (userId: number) =>
    (await em().find(CreditEntry, { user: userId, status: { $ne: 'released' } })).reduce((sum, e) => sum + (e.type === 'credit' ? e.amount : -e.amount), 0);
  const polls = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'));

  async function signedIn(): Promise<{ c: TestClient; userId: number; uploadId: number }> {
    const c = t.client({ ip: `10.60.0.${++ip}` });
    const { user } = await c.register();
    const { body } = await c.upload(await samplePhoto(ip, 240, 160), { style: 'Aquarelle' });
    return { c, userId: user.id, uploadId: body.id };
  }

  /** Starts a generation that stays running on Replicate; resolves with its job once the prediction's "start" webhook came. */
  async function runningGeneration(c: TestClient, uploadId: number): Promise<{ jobId: number; predictionId: string; start: SignedWebhook }> {
    fake.scenario = 'slow';
    const sent = fake.webhooks.length;
    const accepted = await c.post(`/api/transform/${uploadId}`, {}, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    await fake.until(() => fake.webhooks.length > sent);
    const start = fake.webhooks.at(-1)!;
    expect(start).toMatchObject({ status: 'processing', answer: 200 });
    return { jobId: accepted.body.jobId as number, predictionId: start.predictionId, start: start.signed };
  }

  it('completes a generation from its signed webhook, without polling, and keeps the prediction id with the job', async () => {
    const { c, userId, uploadId } = await signedIn();
    const pollsBefore = polls().length;
    const answer = await c.post(`/api/transform/${uploadId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(polls()).toHaveLength(pollsBefore);
    const [job] = await em().find(GenerationJob, { owner: userId });
    const sent = fake.webhooks.filter((w) => w.predictionId === job!.externalId);
    expect(sent.map(({ status, answer }) => ({ status, answer }))).toEqual([
      { status: 'processing', answer: 200 },
      { status: 'succeeded', answer: 200 },
    ]);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(create?.body).toMatchObject({ webhook: WEBHOOK_URL, webhook_events_filter: ['start', 'completed'], input: { seed: job!.seed } });
    expect(job).toMatchObject({ status: 'succeeded', engine: 'replicate' });
    expect(await balance(userId)).toBe(450);
  });

  it('takes a webhook of several megabytes, as one echoing a large input image is', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId } = await runningGeneration(c, uploadId);
    const large = { id: predictionId, status: 'succeeded', input: { input_image: `data:image/jpeg;base64,${'A'.repeat(3 * 1024 * 1024)}` }, output: `${new URL(fake.baseUrl).origin}/files/${predictionId}` };
    const received = await postWebhook(fake.sign(JSON.stringify(large)));
    expect(received).toMatchObject({ status: 200, body: { received: true } });
    const events = await c.get(`/api/jobs/${jobId}/events`);
    expect(events.text).toContain('"status":"succeeded"');
    expect(await balance(userId)).toBe(450);
  });

  it('changes nothing for a forged, unsigned, stale or replayed webhook', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId, start } = await runningGeneration(c, uploadId);
    const succeeded = JSON.stringify({ id: predictionId, status: 'succeeded', output: `${new URL(fake.baseUrl).origin}/files/${predictionId}` });
    const now = Math.floor(Date.now() / 1000);

    const forged = await postWebhook(fake.sign(succeeded, { secret: `whsec_${Buffer.from('not the account key').toString('base64')}` }));
    expect(forged).toMatchObject({ status: 401, body: { message: messages.unsigned } });
    const unsigned = await postWebhook({ headers: {}, body: succeeded });
    expect(unsigned).toMatchObject({ status: 401, body: { message: messages.unsigned } });
    const tampered = await postWebhook({ ...start, body: succeeded });
    expect(tampered).toMatchObject({ status: 401, body: { message: messages.unsigned } });
    const stale = await postWebhook(fake.sign(succeeded, { timestamp: now - 6 * 60 }));
    expect(stale).toMatchObject({ status: 400, body: { message: messages.stale } });
    const replayed = await postWebhook(start);
    expect(replayed).toMatchObject({ status: 409, body: { message: messages.replayed } });

    expect((await c.get(`/api/jobs/${jobId}`)).body).toMatchObject({ status: 'running', result: null });
    expect(await balance(userId)).toBe(450); // still held, not settled
    expect((await c.post(`/api/jobs/${jobId}/cancel`)).status).toBe(200);
    await fake.until(() => fake.canceled.includes(predictionId));
  });

  it('cancels the prediction on Replicate when its job is canceled, and gives the credits back', async () => {
    const { c, userId, uploadId } = await signedIn();
    const { jobId, predictionId } = await runningGeneration(c, uploadId);
    expect(await balance(userId)).toBe(450);
    const canceled = await c.post(`/api/jobs/${jobId}/cancel`);
    expect(canceled.body).toMatchObject({ status: 'canceled' });
    await fake.until(() => fake.canceled.includes(predictionId) && fake.webhooks.some((w) => w.predictionId === predictionId && w.status === 'canceled'));
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
    const otherInstance = new JobService({ orm: t.db.orm, media: t.media, queue: new InProcessQueue({ concurrency: 1, perUser: 1 }), kinds: jobKinds });
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
});
