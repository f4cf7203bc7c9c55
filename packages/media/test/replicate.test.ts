import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildStyleText, getOption, type Selection } from '@atelier/catalog';
import {
  CloudFailure,
  DEFAULT_CLOUD_MODELS,
  INLINE_INPUT_MAX_BYTES,
  LocalCreateBudget,
  LocalVideoEngine,
  MEDIA_MESSAGES,
  MODEL_IDS,
  ReplicateImageEngine,
  ReplicateVideoEngine,
  ReplicateWebhooks,
  WebhookRefusedError,
  chooseModels,
  createEngines,
  findModel,
  modelName,
  replicateCloud,
  type CloudCost,
  type ImageEngine,
  type ReplicateOptions,
  type Sleep,
  type WebhookRelay,
  WorkHandedOver,
} from '../src/index';
import { MODEL_FIXTURES_DIR, startFakeReplicate, type FakeReplicate } from './support/fake-replicate';
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

const TOPAZ = 'topazlabs/image-upscale';

/** A picture of this size, quick to make. */
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer();

/** What a model returns: a 640 × 480 picture, or Topaz's input enlarged by its factor, as Topaz does. */
async function outputFor(model: string, input: Record<string, unknown>) {
  if (model !== TOPAZ) return { body: await flat(640, 480), contentType: 'image/jpeg' };
  const factor = Number.parseInt(String(input.upscale_factor), 10) || 1;
  const { width = 0, height = 0 } = await sharp(await fake.picture(String(input.image))).metadata();
  return { body: await flat(width * factor, height * factor), contentType: 'image/jpeg' };
}

beforeEach(() => {
  fake.reset();
  fake.outputFor = outputFor;
});
afterEach(() => {
  vi.useRealTimers();
});

/** The client's waits without their real time: each moves the (faked) clock on, and is recorded. */
function virtualSleep(): { sleep: Sleep; waits: number[] } {
  vi.useFakeTimers({ toFake: ['Date'] });
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
      vi.setSystemTime(Date.now() + ms);
    },
  };
}

/** Which attempt a backoff's wait followed: attempt n waits between 250 × 2ⁿ and 500 × 2ⁿ ms. */
const backoffAttempt = (ms: number) => [0, 1, 2, 3, 4].find((n) => ms >= 250 * 2 ** n && ms <= 500 * 2 ** n);

const quick = { pollIntervalMs: 20, stepTimeoutMs: 2_000, videoTimeoutMs: 2_000 };
const options = (extra: Partial<ReplicateOptions> = {}): ReplicateOptions => ({
  token: 'test-token',
  baseUrl: fake.baseUrl,
  ...quick,
  ...extra,
});

/** The local pipeline's part, recorded: the lens effects it was asked for. */
function recordingOptics(): ImageEngine & { asked: Selection[] } {
  const asked: Selection[] = [];
  return {
    name: 'local',
    asked,
    transform: async (request) => {
      asked.push(request.selection);
      const { width = 0, height = 0 } = await sharp(request.image).metadata();
      return { image: request.image, width, height };
    },
  };
}

const imageEngine = (extra: Partial<ReplicateOptions> = {}, optics?: ImageEngine) =>
  new ReplicateImageEngine(replicateCloud(options(extra)), optics);
const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
const createdModels = () => fake.predictions().map(({ model }) => model);
const option = (id: string) => ({ id, name: '' });

describe('the model registry', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const fixture = (id: string) =>
    JSON.parse(readFileSync(join(MODEL_FIXTURES_DIR, `${modelName(id).replace('/', '__')}.json`), 'utf8')) as {
      input: object;
    };

  it.each(MODEL_IDS)('%s builds inputs its published schema accepts', (id) => {
    const model = findModel(id)!;
    const validate = ajv.compile(fixture(id).input);
    for (const size of [
      { width: 640, height: 480 },
      { width: 300, height: 1200 },
    ]) {
      const input = model.input({
        image: 'https://replicate.delivery/example/input.jpg',
        size,
        prompt: 'Art style: watercolor painting.',
        seed: 42,
        aspect: { width: 16, height: 9 },
        references: ['https://replicate.delivery/example/reference.jpg'],
        scale: 3,
        faces: true,
        enhance: 'High Fidelity V2',
        camera: { rotateDegrees: 45, tilt: -1, forward: 2 },
      });
      expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('has a default per role, overridable, and refuses a model it has no input builder for', () => {
    expect(chooseModels().edit.id).toBe(DEFAULT_CLOUD_MODELS.edit);
    expect(chooseModels({ edit: 'google/nano-banana-pro' }).edit.id).toBe('google/nano-banana-pro');
    expect(chooseModels({ upscale: 'nightmareai/real-esrgan' }).upscale.id).toMatch(/^nightmareai\/real-esrgan:/);
    expect(() => chooseModels({ edit: 'acme/editor' })).toThrow(/Unknown edit model "acme\/editor"/);
    expect(() => chooseModels({ video: 'bria/expand-image' })).toThrow(/Unknown video model/);
  });
});

describe('the plan of a generation: each option to the model that does it best', () => {
  it.each<[string, Selection, string[]]>([
    ['a style', { style: option('anime') }, ['black-forest-labs/flux-kontext-pro']],
    ['a character', { character: option('knight') }, ['black-forest-labs/flux-kontext-pro']],
    ['an action', { action: option('running') }, ['black-forest-labs/flux-kontext-pro']],
    ['a garment', { clothing: option('business-suit') }, ['black-forest-labs/flux-kontext-pro']],
    ['a lighting', { lighting: option('golden-hour') }, ['black-forest-labs/flux-kontext-pro']],
    ['an environment alone', { environment: option('paris') }, ['bria/generate-background']],
    [
      'an environment with a style',
      { environment: option('paris'), style: option('anime') },
      ['black-forest-labs/flux-kontext-pro'],
    ],
    ['a viewpoint', { camera: option('profile') }, ['qwen/qwen-edit-multiangle']],
    ['a shot the editor draws', { camera: option('wide-shot') }, ['black-forest-labs/flux-kontext-pro']],
    [
      'a shot the viewpoint model cannot tell apart',
      { camera: option('low-angle') },
      ['black-forest-labs/flux-kontext-pro'],
    ],
    ['a lens effect', { camera: option('bokeh') }, []],
    ['a format of the same shape', { format: option('landscape-4-3') }, []],
    ['a format of another shape', { format: option('widescreen-16-9') }, ['bria/expand-image']],
    ['a sized format', { format: option('uhd-4k') }, ['bria/expand-image', 'topazlabs/image-upscale']],
    ['an HD option', { upscale: option('upscale-2x') }, ['topazlabs/image-upscale']],
    ['a face restoration', { upscale: option('face-restore') }, ['topazlabs/image-upscale']],
    [
      'a stacked selection',
      {
        style: option('anime'),
        camera: option('birds-eye'),
        format: option('widescreen-16-9'),
        upscale: option('upscale-2x'),
      },
      [
        'black-forest-labs/flux-kontext-pro',
        'qwen/qwen-edit-multiangle',
        'bria/expand-image',
        'topazlabs/image-upscale',
      ],
    ],
  ])('%s', async (_, selection, chain) => {
    const optics = recordingOptics();
    const stages: string[] = [];
    const result = await imageEngine({}, optics).transform({
      image: source,
      prompt: '',
      selection,
      seed: 7,
      onProgress: (_fraction, stage) => stage && stages.push(stage),
    });
    expect(createdModels()).toEqual(chain);
    expect(fake.refused).toEqual([]);
    expect(result.models).toEqual(chain);
    expect(stages).toHaveLength(chain.length);
    // Each step works on the one before's output, as a URL: nothing is sent twice.
    const inputs = fake.predictions().map(({ input }) => String(input.image ?? input.input_image));
    for (const [index, input] of inputs.entries()) {
      if (index === 0) expect(input).toMatch(/^data:image\/jpeg;base64,/);
      else expect(input).toBe(`${fake.baseUrl.replace('/v1', '')}/outputs/${fake.predictions()[index - 1]!.id}`);
    }
  });

  it("tells the editor what to keep, in words, with nothing of Atelier's own", async () => {
    await imageEngine().transform({
      image: source,
      prompt: 'Transform this photo.\nOptions Atelier : Anime',
      selection: { style: option('anime'), clothing: option('business-suit') },
      colors: { elements: { clothing: { 'business-suit': 'navy' } } },
      intensity: 0.4,
    });
    const prompt = String(fake.predictions()[0]!.input.prompt);
    // Anime redraws the face and paints skin and hair its own way: only what it leaves is to be kept.
    expect(prompt).toContain(
      "Keep the person's likeness, apparent age and pose, and the photo's framing and composition.",
    );
    expect(prompt).toContain('navy');
    expect(prompt).toContain('subtly');
    expect(prompt).not.toMatch(/Options Atelier|#[0-9A-F]{6}|:\d\.\d\)/i);
  });

  it("reads a workflow prompt's weights as words", async () => {
    const anime = getOption('style', 'anime')!.prompt;
    await imageEngine().transform({
      image: source,
      prompt: `(${anime}:0.3), 4K quality, professional photography`,
      selection: { style: option('anime') },
      intensity: 1,
    });
    await imageEngine().transform({
      image: source,
      prompt: '(zellige tiles behind her:0.6), 4K quality',
      selection: {},
    });
    const [weighted, free] = fake.predictions().map(({ input }) => String(input.prompt));
    expect(weighted).toContain(`${anime}. Apply this subtly`);
    expect(free).toContain('zellige tiles behind her (moderate)');
    expect(`${weighted} ${free}`).not.toMatch(/:0\.\d/);
  });

  it("gives lens effects to the local pipeline after the cloud steps, and makes the format's exact frame", async () => {
    const optics = recordingOptics();
    const result = await imageEngine({}, optics).transform({
      image: source,
      prompt: '',
      selection: { style: option('anime'), camera: option('bokeh'), format: option('uhd-4k') },
    });
    expect(optics.asked).toEqual([{ camera: { id: 'bokeh', name: 'Bokeh' } }]);
    expect([result.width, result.height]).toEqual([3840, 2160]);
    const upscale = fake.predictions().find(({ model }) => model === 'topazlabs/image-upscale');
    expect(upscale?.input.upscale_factor).toBe('6x');
  });

  it("buys nothing for an empty selection: the studio's lead alone is no instruction", async () => {
    await expect(
      imageEngine().transform({ image: source, prompt: buildStyleText({}), selection: {} }),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: MEDIA_MESSAGES.nothingChosen });
    expect(fake.requests).toEqual([]);
  });

  it("gives the workflow's references to a multi-image editor, where Kontext would leave them out", async () => {
    const reference = await flat(200, 200);
    await imageEngine().transform({
      image: source,
      prompt: '',
      selection: { style: option('anime') },
      references: { face: { image: reference, importance: 1 }, style: { image: reference, importance: 0.3 } },
    });
    const [edit] = fake.predictions();
    expect(fake.refused).toEqual([]);
    expect(edit?.model).toBe('black-forest-labs/flux-2-pro');
    expect(edit?.input.input_images).toHaveLength(3);
    expect(edit?.input.prompt).toContain('Use the face of the person in image 2.');
    expect(edit?.input.prompt).toContain('Use the artistic style of image 3 as a loose inspiration.');
  });

  it('estimates a chain at its list prices, before any prediction, as its predictions are then billed', async () => {
    const size = { width: 320, height: 240 };
    const selection = { style: option('anime'), format: option('uhd-4k') };
    // Kontext $0.04, Bria's expand $0.04, Topaz to 3840 × 2160 (8.3 MP, one 24 MP block) $0.08.
    expect(imageEngine().listPriceUsd({ size, prompt: '', selection })).toBeCloseTo(0.16);
    // flux-2-pro: a megapixel in ($0.015) and the megapixel asked before the upscale ($0.03).
    const flux = imageEngine({ models: { edit: 'black-forest-labs/flux-2-pro' } });
    expect(flux.listPriceUsd({ size, prompt: '', selection })).toBeCloseTo(0.165);
    expect(imageEngine().listPriceUsd({ size, prompt: '', selection: {} })).toBe(0);
    expect(fake.requests).toEqual([]);
    const billed: CloudCost[] = [];
    await flux.transform({ image: source, prompt: '', selection, onStarted: (_, cost) => void billed.push(cost) });
    expect(billed.map(({ model }) => model)).toEqual([
      'black-forest-labs/flux-2-pro',
      'bria/expand-image',
      'topazlabs/image-upscale',
    ]);
    expect(billed.reduce((sum, { priceUsd }) => sum + priceUsd, 0)).toBeCloseTo(0.165);
  });

  it('asks flux-2-pro for a megapixel when a later step enlarges its output', async () => {
    const engine = imageEngine({ models: { edit: 'black-forest-labs/flux-2-pro' } });
    await engine.transform({
      image: source,
      prompt: '',
      selection: { style: option('anime'), format: option('uhd-4k') },
    });
    await engine.transform({ image: source, prompt: '', selection: { style: option('anime') } });
    const edits = fake.predictions().filter(({ model }) => model === 'black-forest-labs/flux-2-pro');
    expect(fake.refused).toEqual([]);
    expect(edits.map(({ input }) => input.resolution)).toEqual(['1 MP', 'match_input_image']);
  });

  it('restores faces for the face options and keeps HD upscales to the factor named', async () => {
    const result = await imageEngine().transform({
      image: source,
      prompt: '',
      selection: { upscale: option('face-restore') },
    });
    expect(fake.predictions()[0]!.input).toMatchObject({ upscale_factor: '2x', face_enhancement: true });
    expect([result.width, result.height]).toEqual([640, 480]);
  });
});

describe('sizes reckoned from the picture sent, capped at 2048 px: a 12 MP photo', () => {
  let twelveMegapixels: Buffer;
  beforeAll(async () => {
    twelveMegapixels = await flat(4000, 3000);
  });
  const sizeOf = async (url: string) => {
    const { width = 0, height = 0 } = await sharp(await fake.picture(url)).metadata();
    return [width, height];
  };

  it.each([
    // Factor 1: the 2048 px sent is not the 4000 px delivered, so Topaz enlarges ×2 an input of half the frame.
    ['Débruitage', 'denoise', '2x', [2000, 1500], [4000, 3000], false],
    // ×2 of 12 MP is past 33 MP: the frame within the bound, from a quarter of it.
    ['Restauration de visage', 'face-restore', '4x', [1663, 1248], [6651, 4988], true],
  ])('%s asks Topaz for the size delivered, which is never enlarged', async (_, id, factor, input, frame, faces) => {
    const billed: CloudCost[] = [];
    const result = await imageEngine().transform({
      image: twelveMegapixels,
      prompt: '',
      selection: { upscale: option(id) },
      onStarted: (_predictionId, cost) => void billed.push(cost),
    });
    // Billed by started 24 MP of output: 12 MP is one block ($0.08), 33 MP two ($0.16).
    expect(billed).toEqual([{ model: TOPAZ, priceUsd: faces ? 0.16 : 0.08 }]);
    const [upscale] = fake.predictions();
    expect(fake.refused).toEqual([]);
    expect(upscale).toMatchObject({ model: TOPAZ, input: { upscale_factor: factor, face_enhancement: faces } });
    expect(await sizeOf(String(upscale!.input.image))).toEqual(input);
    expect([result.width, result.height]).toEqual(frame);
    // Topaz's output (its input × its factor) covers the frame by one input pixel at most: nothing enlarged, next to nothing paid for and thrown away.
    const scale = Number.parseInt(factor, 10);
    const made = input.map((side) => side * scale);
    expect(made[0]! - result.width).toBeGreaterThanOrEqual(0);
    expect(made[1]! - result.height).toBeGreaterThanOrEqual(0);
    expect(Math.max(made[0]! - result.width, made[1]! - result.height)).toBeLessThanOrEqual(scale);
  });

  it("tells Bria's expand the size of the picture it is sent, not the original's", async () => {
    await imageEngine().transform({
      image: twelveMegapixels,
      prompt: '',
      selection: { format: option('widescreen-16-9') },
    });
    const [expand] = fake.predictions();
    expect(await sizeOf(String(expand!.input.image))).toEqual([2048, 1536]);
    expect(expand!.input).toMatchObject({
      original_image_size: [2048, 1536],
      canvas_size: [2731, 1536],
      original_image_location: [341, 0],
    });
  });

  it('refuses a factor its name promises and the output bound forbids, before any prediction', async () => {
    await expect(
      imageEngine().transform({ image: twelveMegapixels, prompt: '', selection: { upscale: option('upscale-4x') } }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(creates()).toEqual([]);
  });
});

describe("production behaviour against Replicate's contract", () => {
  it('sends an input over 1 MB through the Files API and deletes it after the generation', async () => {
    // Noise compresses badly: over a megapixel of it is well over 1 MB of JPEG.
    const large = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await imageEngine().transform({ image: large, prompt: '', selection: { style: option('anime') } });
    const [create] = creates();
    expect(String((create?.body as { input: { input_image: string } }).input.input_image)).toMatch(
      /\/v1\/files\/[0-9a-f]+$/,
    );
    expect(create!.bytes).toBeLessThan(INLINE_INPUT_MAX_BYTES);
    expect(fake.deletedFiles).toHaveLength(1);
    expect(fake.files.size).toBe(0);
  });

  it('asks Replicate to cancel each prediction past its own time limit (Cancel-After)', async () => {
    await imageEngine({ stepTimeoutMs: 90_000 }).transform({
      image: source,
      prompt: '',
      selection: { style: option('anime') },
    });
    expect(creates()[0]!.cancelAfter).toBe('90s');
  });

  it("waits the seconds a 429's words state before creating again, counting the create once", async () => {
    const { sleep } = virtualSleep();
    fake.throttle = { count: 2, seconds: 20 };
    await imageEngine({ sleep, createsPerMinute: 1, stepTimeoutMs: 120_000 }).transform({
      image: source,
      prompt: '',
      selection: { style: option('anime') },
    });
    const attempts = creates();
    expect(attempts).toHaveLength(3);
    // About 20 s each time: not at once, nor the minute that counting the same create again would cost.
    const gaps = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(22_000);
  });

  it('gives up on throttling that lasts past its bound, with a message to come back later', async () => {
    fake.throttle = { count: 5, seconds: 30 };
    await expect(
      imageEngine({ maxThrottleWaitMs: 1_000 }).transform({
        image: source,
        prompt: '',
        selection: { style: option('anime') },
      }),
    ).rejects.toMatchObject({
      reason: 'throttled',
      message: MEDIA_MESSAGES.generationBusy,
      context: { upstreamStatus: 429 },
    });
    expect(creates()).toHaveLength(1);
  });

  it.each<[string, (sleep: Sleep) => ImageEngine[]]>([
    [
      "this process's own, by default",
      (sleep) => {
        const engine = imageEngine({ sleep, createsPerMinute: 1, stepTimeoutMs: 600_000 });
        return [engine, engine];
      },
    ],
    [
      "the account's, shared by two instances",
      (sleep) => {
        const budget = new LocalCreateBudget(1, 60_000, sleep);
        return [1, 2].map(() => imageEngine({ sleep, createBudget: budget, stepTimeoutMs: 600_000 }));
      },
    ],
  ])('keeps prediction creates within the budget per minute: %s', async (_, engines) => {
    const { sleep, waits } = virtualSleep();
    await Promise.all(
      engines(sleep).map((engine) =>
        engine.transform({ image: source, prompt: '', selection: { style: option('anime') } }),
      ),
    );
    // The second create waited for the first to leave the minute's window.
    expect(creates()).toHaveLength(2);
    expect(waits).toEqual([60_000]);
  });

  it("finishes despite a gateway's 502s and resets on its polls and its download, canceling nothing", async () => {
    const { sleep, waits } = virtualSleep();
    fake.faults = { poll: ['bad-gateway', 'reset'], download: ['reset', 'bad-gateway'] };
    const result = await imageEngine({ sleep }).transform({
      image: source,
      prompt: '',
      selection: { style: option('anime') },
    });
    expect(result.models).toEqual(['black-forest-labs/flux-kontext-pro']);
    expect(fake.canceled).toEqual([]);
    // Each read backed off twice, the second wait about double the first.
    expect(waits.map(backoffAttempt)).toEqual([0, 1, 0, 1]);
  });

  it("deletes an uploaded input despite a gateway's 502 and a reset", async () => {
    const { sleep } = virtualSleep();
    fake.faults = { 'file-delete': ['bad-gateway', 'reset'] };
    const hosted = await replicateCloud(options({ sleep })).predictions.host(
      Buffer.alloc(INLINE_INPUT_MAX_BYTES + 1),
      'image/jpeg',
      'black-forest-labs/flux-kontext-pro',
    );
    await hosted.release();
    expect(fake.deletedFiles).toHaveLength(1);
    expect(fake.files.size).toBe(0);
  });

  it("stops at the step's limit when every poll fails, leaving the prediction to Replicate's Cancel-After", async () => {
    const { sleep, waits } = virtualSleep();
    fake.faults = { poll: Array<'bad-gateway'>(100).fill('bad-gateway') };
    await expect(
      imageEngine({ sleep, stepTimeoutMs: 60_000 }).transform({
        image: source,
        prompt: '',
        selection: { style: option('anime') },
      }),
    ).rejects.toMatchObject({ reason: 'unreachable', context: { upstreamStatus: 502 } });
    expect(fake.canceled).toEqual([]);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeLessThanOrEqual(60_000);
    expect(waits.map(backoffAttempt)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4]));
  });

  it.each([
    ['a revoked token', () => ({ token: 'revoked' }), 'unauthorized', 401, MEDIA_MESSAGES.generationUnavailable],
    [
      'an empty balance',
      () => ((fake.scenario = 'no-credit'), {}),
      'insufficient_credit',
      402,
      MEDIA_MESSAGES.generationUnavailable,
    ],
    [
      'a moderation refusal',
      () => ((fake.scenario = 'moderation'), {}),
      'moderation',
      undefined,
      MEDIA_MESSAGES.generationRefused,
    ],
    [
      'a model failure',
      () => ((fake.scenario = 'failed'), {}),
      'model_failed',
      undefined,
      MEDIA_MESSAGES.generationFailed,
    ],
    [
      'an expired output',
      () => ((fake.scenario = 'expired-output'), {}),
      'bad_output',
      404,
      MEDIA_MESSAGES.generationFailed,
    ],
    ['an API down', () => ((fake.scenario = 'http-500'), {}), 'unreachable', 500, MEDIA_MESSAGES.generationUnavailable],
    [
      'a prediction aborted before it started',
      () => ((fake.scenario = 'aborted'), {}),
      'timeout',
      undefined,
      MEDIA_MESSAGES.generationTimeout,
    ],
  ] as const)(
    'reports %s with its reason, its French message and what the operator needs',
    async (_, arrange, reason, upstreamStatus, message) => {
      const engine = imageEngine(arrange());
      const failure = (await engine
        .transform({ image: source, prompt: '', selection: { style: option('anime') } })
        .catch((error: unknown) => error)) as CloudFailure;
      expect(failure).toBeInstanceOf(CloudFailure);
      expect(failure).toMatchObject({
        reason,
        message,
        context: { model: 'black-forest-labs/flux-kontext-pro', ...(upstreamStatus ? { upstreamStatus } : {}) },
      });
      expect(failure.context.detail.length).toBeGreaterThan(0);
      expect(failure.code).toBe(reason === 'moderation' ? 'VALIDATION' : 'UPSTREAM');
    },
  );

  it("reports an input the model refuses (422) with Replicate's invalid fields", async () => {
    const cloud = replicateCloud(options());
    const failure = (await cloud.predictions
      .run({
        model: 'black-forest-labs/flux-kontext-pro',
        input: { prompt: 'x', aspect_ratio: '7:3', seed: 'forty-two' },
        timeoutMs: 2_000,
      })
      .catch((error: unknown) => error)) as CloudFailure;
    expect(failure).toMatchObject({
      reason: 'invalid_input',
      message: MEDIA_MESSAGES.generationUnavailable,
      context: { upstreamStatus: 422 },
    });
    expect(failure.context.detail).toMatch(/input\.aspect_ratio/);
    expect(failure.context.detail).toMatch(/input\.seed/);
  });

  it('reuses the predictions an earlier attempt started, creating none again', async () => {
    const engine = imageEngine();
    const started: string[] = [];
    const selection = { style: option('anime'), upscale: option('upscale-2x') };
    await engine.transform({ image: source, prompt: '', selection, onStarted: (id) => void started.push(id) });
    expect(started).toHaveLength(2);
    fake.requests.length = 0;
    const again: string[] = [];
    const result = await engine.transform({
      image: source,
      prompt: '',
      selection,
      resume: started,
      onStarted: (id) => void again.push(id),
    });
    expect(creates()).toEqual([]);
    expect(again).toEqual([]);
    expect(result.width).toBe(1280);
  });

  it('fails a resumed prediction that failed, without creating another', async () => {
    fake.scenario = 'failed';
    const started: string[] = [];
    await imageEngine()
      .transform({
        image: source,
        prompt: '',
        selection: { style: option('anime') },
        onStarted: (id) => void started.push(id),
      })
      .catch(() => undefined);
    fake.scenario = 'success';
    fake.requests.length = 0;
    await expect(
      imageEngine().transform({ image: source, prompt: '', selection: { style: option('anime') }, resume: started }),
    ).rejects.toMatchObject({ reason: 'model_failed' });
    expect(creates()).toEqual([]);
  });

  it('gives up on a prediction that takes too long, and cancels it', async () => {
    fake.scenario = 'slow';
    await expect(
      imageEngine({ stepTimeoutMs: 300 }).transform({
        image: source,
        prompt: '',
        selection: { style: option('anime') },
      }),
    ).rejects.toMatchObject({
      reason: 'timeout',
      message: MEDIA_MESSAGES.generationTimeout,
    });
    expect(fake.canceled).toHaveLength(1);
  });

  it('reports a server that cannot be reached', async () => {
    const engine = new ReplicateImageEngine(replicateCloud({ token: 't', baseUrl: 'http://127.0.0.1:9/v1', ...quick }));
    await expect(
      engine.transform({ image: source, prompt: '', selection: { style: option('anime') } }),
    ).rejects.toMatchObject({
      reason: 'unreachable',
      code: 'UPSTREAM',
    });
  });
});

describe('ReplicateVideoEngine', () => {
  const videoEngine = (extra: Partial<ReplicateOptions> = {}) =>
    new ReplicateVideoEngine(replicateCloud(options(extra)));
  beforeEach(() => {
    fake.outputFor = () => ({ body: clip, contentType: 'video/mp4' });
  });

  it('sends hailuo-2.3 a first frame, 6 s at 768p, and returns the video with a poster', async () => {
    const result = await videoEngine().generate({
      image: source,
      prompt: 'Animate this image',
      duration: 6,
      resolution: '768p',
      seed: 5,
    });
    const [create] = creates();
    expect(create?.path).toBe('/v1/models/minimax/hailuo-2.3/predictions');
    expect(fake.refused).toEqual([]);
    const input = (create?.body as { input: Record<string, unknown> }).input;
    expect(input).toMatchObject({ prompt: 'Animate this image', duration: 6, resolution: '768p' });
    expect(input).not.toHaveProperty('seed');
    expect(result.video.equals(clip)).toBe(true);
    expect(result.models).toEqual(['minimax/hailuo-2.3']);
    expect(await sharp(result.poster).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
  });

  it.each([
    ['a 4:1 panorama', 1600, 400],
    ['a 5:2 banner (the limit itself, refused)', 1500, 600],
    ['a tall 1:4 strip', 300, 1200],
    ['a small picture', 200, 150],
  ])("brings %s strictly within Hailuo's 2:5–5:2 and short side over 300 px", async (_, width, height) => {
    await videoEngine().generate({
      image: await photo(width, height),
      prompt: 'x'.repeat(2500),
      duration: 6,
      resolution: '768p',
    });
    const input = (creates()[0]?.body as { input: { first_frame_image: string; prompt: string } }).input;
    const frame = Buffer.from(input.first_frame_image.split(',')[1]!, 'base64');
    const { width: w = 0, height: h = 0 } = await sharp(frame).metadata();
    expect(w / h).toBeGreaterThan(2 / 5);
    expect(w / h).toBeLessThan(5 / 2);
    expect(Math.min(w, h)).toBeGreaterThan(300);
    expect(input.prompt.length).toBeLessThanOrEqual(2000);
  });

  it.each(['google/veo-3.1', 'minimax/hailuo-02'])(
    'can use %s instead, with inputs its schema accepts',
    async (model) => {
      await videoEngine({ models: { video: model } }).generate({
        image: source,
        prompt: 'Animate',
        duration: 6,
        resolution: '768p',
        seed: 3,
      });
      expect(createdModels()).toEqual([model]);
      expect(fake.refused).toEqual([]);
    },
  );

  it('refuses an output that is not an MP4', async () => {
    fake.outputFor = () => ({ body: Buffer.from('not a video'), contentType: 'video/mp4' });
    await expect(
      videoEngine().generate({ image: source, prompt: '', duration: 6, resolution: '768p' }),
    ).rejects.toMatchObject({ reason: 'bad_output' });
  });
});

describe('createEngines', () => {
  it('chooses the local engines by default and Replicate on request', () => {
    expect(createEngines({ engine: 'local' })).toMatchObject({ image: { name: 'local' }, video: { name: 'local' } });
    expect(createEngines({ engine: 'replicate', replicate: { token: 't', baseUrl: fake.baseUrl } })).toMatchObject({
      image: { name: 'replicate' },
      video: { name: 'replicate' },
    });
  });

  it('refuses Replicate without a token', () => {
    expect(() => createEngines({ engine: 'replicate' })).toThrow(/REPLICATE_API_TOKEN/);
  });

  it('uses the configured models', async () => {
    const { image } = createEngines({
      engine: 'replicate',
      replicate: options({ models: { edit: 'google/nano-banana-pro' } }),
    });
    await image.transform({ image: source, prompt: '', selection: { style: option('anime') } });
    expect(creates()[0]?.path).toBe('/v1/models/google/nano-banana-pro/predictions');
    expect(fake.refused).toEqual([]);
  });

  it('runs a community model by its pinned version', async () => {
    const { image } = createEngines({
      engine: 'replicate',
      replicate: options({ models: { upscale: 'nightmareai/real-esrgan' } }),
    });
    await image.transform({ image: source, prompt: '', selection: { upscale: option('upscale-2x') } });
    expect(creates()[0]).toMatchObject({
      path: '/v1/predictions',
      body: { version: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(fake.refused).toEqual([]);
  });
});

describe('Replicate with signed webhooks', () => {
  let webhooks: ReplicateWebhooks;

  const deliver = (target: ReplicateWebhooks, { headers, body }: { headers: Record<string, string>; body: string }) =>
    target.receive({
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
    });

  beforeEach(() => {
    webhooks = new ReplicateWebhooks({
      url: 'https://atelier.example/api/replicate/webhook',
      secret: fake.webhookSecret,
    });
    // The webhook route's part, in-process: a refusal is a 4xx.
    fake.transport = (_url, webhook) =>
      deliver(webhooks, webhook).then(
        () => 200,
        (error: unknown) => (error instanceof WebhookRefusedError ? 401 : 500),
      );
  });

  const webhookEngine = () => imageEngine({ webhooks, stepTimeoutMs: 5_000 });
  const finished = (status: string) => JSON.stringify({ id: 'p-known', status, output: null });
  const polls = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'));

  it('asks only for the completed webhook, and gets the outcome from it without polling', async () => {
    const started: string[] = [];
    const result = await webhookEngine().transform({
      image: source,
      prompt: '',
      selection: { style: option('anime') },
      seed: 1234,
      onStarted: (id) => void started.push(id),
    });
    expect(creates()[0]?.body).toMatchObject({
      webhook: 'https://atelier.example/api/replicate/webhook',
      webhook_events_filter: ['completed'],
      input: { seed: 1234 },
    });
    expect(fake.webhooks.map(({ predictionId, status, answer }) => ({ predictionId, status, answer }))).toEqual([
      { predictionId: started[0], status: 'succeeded', answer: 200 },
    ]);
    expect(polls()).toEqual([]);
    expect(result.width).toBe(640);
  });

  it("ends the wait on an aborted prediction's webhook, with the timeout message", async () => {
    fake.scenario = 'aborted';
    await expect(
      webhookEngine().transform({ image: source, prompt: '', selection: { style: option('anime') } }),
    ).rejects.toMatchObject({ reason: 'timeout', message: MEDIA_MESSAGES.generationTimeout });
    expect(fake.webhooks.map(({ status }) => status)).toEqual(['aborted']);
    expect(polls()).toEqual([]);
    expect(fake.canceled).toEqual([]);
  });

  it('accepts a duplicate delivery, changing nothing', async () => {
    fake.duplicateWebhooks = true;
    await webhookEngine().transform({ image: source, prompt: '', selection: { style: option('anime') } });
    expect(fake.webhooks.map(({ answer }) => answer)).toEqual([200, 200]);
  });

  /** A generation whose prediction Replicate is processing, and goes on processing until told otherwise. */
  async function runningTransform(signal: AbortSignal) {
    fake.scenario = 'slow';
    const transform = webhookEngine().transform({
      image: source,
      prompt: '',
      selection: { style: option('anime') },
      signal,
    });
    await fake.until(() => fake.predictions().some(({ status }) => status === 'processing'));
    return { transform };
  }

  it('cancels the prediction when the generation is canceled while it runs', async () => {
    const controller = new AbortController();
    const { transform } = await runningTransform(controller.signal);
    controller.abort();
    await expect(transform).rejects.toMatchObject({ reason: 'canceled', message: MEDIA_MESSAGES.generationCanceled });
    expect(fake.canceled).toEqual([fake.predictions().at(-1)?.id]);
  });

  it('leaves the prediction running when its process hands the generation over to another', async () => {
    const controller = new AbortController();
    const { transform } = await runningTransform(controller.signal);
    controller.abort(new WorkHandedOver());
    await expect(transform).rejects.toBeInstanceOf(CloudFailure);
    expect(fake.canceled).toEqual([]);
    expect(fake.predictions().at(-1)?.status).toBe('processing');
  });

  it('hands an outcome received by one instance to the wait on another, through the relay', async () => {
    const other = new ReplicateWebhooks({
      url: 'https://atelier.example/api/replicate/webhook',
      secret: fake.webhookSecret,
    });
    const listeners: ((prediction: never) => void)[] = [];
    const relay = (): WebhookRelay => ({
      publish: (prediction) => listeners.forEach((listen) => listen(prediction as never)),
      listen: (deliverTo) => void listeners.push(deliverTo),
    });
    webhooks.relayThrough(relay());
    other.relayThrough(relay());
    const wait = other.outcome('p-known');
    await deliver(webhooks, fake.sign(finished('succeeded')));
    await expect(wait.finished).resolves.toMatchObject({ id: 'p-known', status: 'succeeded' });
  });

  it('keeps no echoed input with an outcome that came before anyone waited', async () => {
    const body = JSON.stringify({
      id: 'p-known',
      status: 'succeeded',
      output: 'https://x/y.jpg',
      input: { input_image: 'data:image/jpeg;base64,AAAA' },
    });
    await deliver(webhooks, fake.sign(body));
    const outcome = await webhooks.outcome('p-known').finished;
    expect(outcome).toMatchObject({ id: 'p-known', output: 'https://x/y.jpg' });
    expect(outcome).not.toHaveProperty('input');
  });

  it.each([
    [
      'signed with another secret',
      () => fake.sign(finished('failed'), { secret: `whsec_${Buffer.from('another key').toString('base64')}` }),
      'unsigned',
    ],
    [
      'unsigned',
      () => ({
        ...fake.sign(finished('failed')),
        headers: {
          'webhook-id': 'msg_1',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': '',
        },
      }),
      'unsigned',
    ],
    [
      'with a body other than the one signed',
      () => ({ ...fake.sign(finished('failed')), body: finished('succeeded') }),
      'unsigned',
    ],
    [
      'six minutes old',
      () => fake.sign(finished('failed'), { timestamp: Math.floor(Date.now() / 1000) - 360 }),
      'stale',
    ],
    [
      'dated six minutes ahead',
      () => fake.sign(finished('failed'), { timestamp: Math.floor(Date.now() / 1000) + 360 }),
      'stale',
    ],
  ])('refuses a webhook %s, and the wait goes on', async (_, make, reason) => {
    const wait = webhooks.outcome('p-known');
    await expect(deliver(webhooks, make())).rejects.toMatchObject({ reason });
    await deliver(webhooks, fake.sign(finished('succeeded')));
    await expect(wait.finished).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('accepts the same webhook id twice, and only the first counts', async () => {
    const first = fake.sign(finished('canceled'));
    await deliver(webhooks, first);
    await expect(deliver(webhooks, { ...first, body: first.body })).resolves.toBeUndefined();
    await expect(webhooks.outcome('p-known').finished).resolves.toMatchObject({ status: 'canceled' });
  });
});
