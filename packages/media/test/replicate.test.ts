import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_MODEL,
  DEFAULT_VIDEO_MODEL,
  LocalVideoEngine,
  MEDIA_MESSAGES,
  ReplicateImageEngine,
  ReplicateVideoEngine,
  ReplicateWebhooks,
  WebhookRefusedError,
  createEngines,
} from '../src/index';
import { startFakeReplicate, type FakeReplicate } from './support/fake-replicate';
import { photo } from './support/images';

let fake: FakeReplicate;
let source: Buffer;
let clip: Buffer;

beforeAll(async () => {
  fake = await startFakeReplicate();
  source = await photo(320, 240);
  clip = (await new LocalVideoEngine().generate({ image: source, prompt: '', duration: 6, resolution: '768p' })).video;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  fake.canceled.length = 0;
  fake.scenario = 'success';
  fake.output = { body: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2266aa' } }).jpeg().toBuffer(), contentType: 'image/jpeg' };
});

const quick = { pollIntervalMs: 20, timeoutMs: 2_000 };

function imageEngine(model = DEFAULT_IMAGE_MODEL, timeoutMs = quick.timeoutMs) {
  return new ReplicateImageEngine({ token: 'test-token', model, baseUrl: fake.baseUrl, pollIntervalMs: quick.pollIntervalMs, timeoutMs });
}

function videoEngine(timeoutMs = quick.timeoutMs) {
  return new ReplicateVideoEngine({ token: 'test-token', model: DEFAULT_VIDEO_MODEL, baseUrl: fake.baseUrl, pollIntervalMs: quick.pollIntervalMs, timeoutMs });
}

const request = (extra: object = {}) => ({ image: source, prompt: 'Transform this photo into a watercolor painting.', selection: {}, ...extra });

describe('ReplicateImageEngine against a fake Replicate', () => {
  it('creates a prediction with the model inputs, polls it and downloads the output', async () => {
    const result = await imageEngine().transform(request({ selection: { format: { id: 'widescreen-16-9', name: '' } } }));
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(create?.authorization).toBe('Bearer test-token');
    const input = (create?.body as { input: Record<string, unknown> }).input;
    expect(input).toMatchObject({ prompt: 'Transform this photo into a watercolor painting.', aspect_ratio: '16:9', output_format: 'jpg' });
    expect(String(input.input_image)).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'))).toBe(true);
    expect(fake.requests.some((r) => r.path.startsWith('/files/'))).toBe(true);
    // The model's 640 × 480 picture, cropped to the chosen 16:9.
    expect([result.width, result.height]).toEqual([640, 360]);
    expect((await sharp(result.image).metadata()).format).toBe('jpeg');
  });

  it('builds the prompt from the selection when no text is given, and matches the input shape by default', async () => {
    await imageEngine().transform(request({ prompt: '', selection: { style: { id: 'anime', name: 'Anime' } } }));
    const input = (fake.requests.find((r) => r.method === 'POST')?.body as { input: Record<string, unknown> }).input;
    expect(input.prompt).toContain('anime');
    expect(input.aspect_ratio).toBe('match_input_image');
  });

  it('uses POST /v1/predictions for a pinned model version', async () => {
    await imageEngine('someone/model:0123abcd').transform(request());
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.path).toBe('/v1/predictions');
    expect(create?.body).toMatchObject({ version: '0123abcd' });
  });

  it('reports a failed prediction as an upstream failure that costs nothing', async () => {
    fake.scenario = 'failed';
    await expect(imageEngine().transform(request())).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.generationFailed });
  });

  it('gives up on a prediction that takes too long, and cancels it', async () => {
    fake.scenario = 'slow';
    await expect(imageEngine(DEFAULT_IMAGE_MODEL, 300).transform(request())).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.generationTimeout });
    expect(fake.canceled).toHaveLength(1);
  });

  it('reports HTTP errors from the API as the service being unavailable', async () => {
    fake.scenario = 'http-500';
    await expect(imageEngine().transform(request())).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.generationUnavailable });
  });

  it('refuses an output that is not an image', async () => {
    fake.output = { body: Buffer.from('<html>expired</html>'), contentType: 'text/html' };
    await expect(imageEngine().transform(request())).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.generationFailed });
  });

  it('reports a server that cannot be reached', async () => {
    const engine = new ReplicateImageEngine({ token: 't', model: DEFAULT_IMAGE_MODEL, baseUrl: 'http://127.0.0.1:9/v1', ...quick });
    await expect(engine.transform(request())).rejects.toMatchObject({ code: 'UPSTREAM' });
  });
});

describe('ReplicateVideoEngine against a fake Replicate', () => {
  it('sends the first frame, 6 s at 768P, and returns the video with a poster', async () => {
    fake.output = { body: clip, contentType: 'video/mp4' };
    const result = await videoEngine().generate({ image: source, prompt: 'Animate this image', duration: 6, resolution: '768p' });
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.path).toBe('/v1/models/minimax/hailuo-02/predictions');
    const input = (create?.body as { input: Record<string, unknown> }).input;
    expect(input).toMatchObject({ prompt: 'Animate this image', duration: 6, resolution: '768P' });
    expect(String(input.first_frame_image)).toMatch(/^data:image\/jpeg;base64,/);
    expect(result.video.equals(clip)).toBe(true);
    expect(await sharp(result.poster).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
  });

  it.each([
    ['failed', 'failed' as const],
    ['server error', 'http-500' as const],
  ])('reports a %s in French', async (_, scenario) => {
    fake.scenario = scenario;
    await expect(videoEngine().generate({ image: source, prompt: '', duration: 6, resolution: '768p' })).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.videoFailed });
  });

  it('times out a slow video and refuses an output that is not an MP4', async () => {
    fake.scenario = 'slow';
    await expect(videoEngine(300).generate({ image: source, prompt: '', duration: 6, resolution: '768p' })).rejects.toMatchObject({ code: 'UPSTREAM' });
    fake.scenario = 'success';
    fake.output = { body: Buffer.from('not a video'), contentType: 'video/mp4' };
    await expect(videoEngine().generate({ image: source, prompt: '', duration: 6, resolution: '768p' })).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.videoFailed });
  });
});

describe('createEngines', () => {
  it('chooses the local engines by default and Replicate on request', () => {
    expect(createEngines({ engine: 'local' })).toMatchObject({ image: { name: 'local' }, video: { name: 'local' } });
    expect(createEngines({ engine: 'replicate', replicate: { token: 't', baseUrl: fake.baseUrl } })).toMatchObject({ image: { name: 'replicate' }, video: { name: 'replicate' } });
  });

  it('refuses Replicate without a token', () => {
    expect(() => createEngines({ engine: 'replicate' })).toThrow(/REPLICATE_API_TOKEN/);
  });

  it('uses the configured models', async () => {
    const { image } = createEngines({ engine: 'replicate', replicate: { token: 't', baseUrl: fake.baseUrl, imageModel: 'acme/editor', ...quick } });
    await image.transform(request());
    expect(fake.requests.find((r) => r.method === 'POST')?.path).toBe('/v1/models/acme/editor/predictions');
  });
});

describe('Replicate with signed webhooks', () => {
  let webhooks: ReplicateWebhooks;

  beforeEach(() => {
    webhooks = new ReplicateWebhooks({ url: 'https://atelier.example/api/replicate/webhook', secret: fake.webhookSecret });
    fake.webhooks.length = 0;
    // The webhook route's part, in-process: a refusal is a 4xx.
    fake.transport = (_url, { headers, body }) =>
      webhooks.receive({ id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body }).then(
        () => 200,
        (error: unknown) => (error instanceof WebhookRefusedError ? 401 : 500),
      );
  });

  const webhookEngine = () => new ReplicateImageEngine({ token: 't', model: DEFAULT_IMAGE_MODEL, baseUrl: fake.baseUrl, webhooks, timeoutMs: 5_000 });
  const finished = (status: string) => JSON.stringify({ id: 'p-known', status, output: null });

  it('asks for start and completed webhooks, gets the outcome from them without polling, and passes the seed', async () => {
    const started: string[] = [];
    const result = await webhookEngine().transform(request({ seed: 1234, onStarted: (id: string) => void started.push(id) }));
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.body).toMatchObject({ webhook: 'https://atelier.example/api/replicate/webhook', webhook_events_filter: ['start', 'completed'], input: { seed: 1234 } });
    expect(started).toHaveLength(1);
    expect(fake.webhooks.map(({ predictionId, status, answer }) => ({ predictionId, status, answer }))).toEqual([
      { predictionId: started[0], status: 'processing', answer: 200 },
      { predictionId: started[0], status: 'succeeded', answer: 200 },
    ]);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'))).toEqual([]);
    expect(result.width).toBe(640);
  });

  it('rejects a prediction whose webhook says it failed', async () => {
    fake.scenario = 'failed';
    await expect(webhookEngine().transform(request())).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.generationFailed });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'))).toBe(false);
  });

  it('cancels the prediction when the generation is canceled while it runs', async () => {
    fake.scenario = 'slow';
    const controller = new AbortController();
    const transform = webhookEngine().transform(request({ signal: controller.signal }));
    await fake.until(() => fake.webhooks.length === 1);
    controller.abort();
    await expect(transform).rejects.toMatchObject({ code: 'UPSTREAM', message: MEDIA_MESSAGES.generationCanceled });
    expect(fake.canceled).toEqual([fake.webhooks[0]?.predictionId]);
  });

  it('passes no seed to the video model, which takes none, and stops a canceled video', async () => {
    fake.scenario = 'slow';
    const controller = new AbortController();
    const engine = new ReplicateVideoEngine({ token: 't', model: DEFAULT_VIDEO_MODEL, baseUrl: fake.baseUrl, webhooks, timeoutMs: 5_000 });
    const generation = engine.generate({ image: source, prompt: '', duration: 6, resolution: '768p', seed: 7, signal: controller.signal });
    await fake.until(() => fake.webhooks.length === 1);
    controller.abort();
    await expect(generation).rejects.toMatchObject({ code: 'UPSTREAM' });
    expect((fake.requests.find((r) => r.method === 'POST')?.body as { input: object }).input).not.toHaveProperty('seed');
    expect(fake.canceled).toEqual([fake.webhooks[0]?.predictionId]);
  });

  it('hands an outcome that came before anyone waited to the wait that follows', async () => {
    const { headers, body } = fake.sign(finished('succeeded'));
    await webhooks.receive({ id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body });
    await expect(webhooks.outcome('p-known').finished).resolves.toMatchObject({ id: 'p-known', status: 'succeeded' });
  });

  it.each([
    ['signed with another secret', () => fake.sign(finished('failed'), { secret: `whsec_${Buffer.from('another key').toString('base64')}` }), 'unsigned'],
    ['unsigned', () => ({ ...fake.sign(finished('failed')), headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': '' } }), 'unsigned'],
    ['with a body other than the one signed', () => ({ ...fake.sign(finished('failed')), body: finished('succeeded') }), 'unsigned'],
    ['six minutes old', () => fake.sign(finished('failed'), { timestamp: Math.floor(Date.now() / 1000) - 360 }), 'stale'],
    ['dated six minutes ahead', () => fake.sign(finished('failed'), { timestamp: Math.floor(Date.now() / 1000) + 360 }), 'stale'],
  ])('refuses a webhook %s, and the wait goes on', async (_, make, reason) => {
    const { headers, body } = make();
    const wait = webhooks.outcome('p-known');
    await expect(webhooks.receive({ id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body })).rejects.toMatchObject({ reason });
    const next = fake.sign(finished('succeeded'));
    await webhooks.receive({ id: next.headers['webhook-id'], timestamp: next.headers['webhook-timestamp'], signature: next.headers['webhook-signature'], body: next.body });
    await expect(wait.finished).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('refuses the same webhook id twice', async () => {
    const { headers, body } = fake.sign(finished('canceled'));
    const delivery = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body };
    await webhooks.receive(delivery);
    await expect(webhooks.receive(delivery)).rejects.toMatchObject({ reason: 'replayed' });
  });
});
