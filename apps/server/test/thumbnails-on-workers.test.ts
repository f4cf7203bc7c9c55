import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NO_WORKER_RETRY_AFTER_SECONDS,
  THUMBNAIL_RETRY_AFTER_SECONDS,
  thumbnailMessages,
  workerMessages,
} from '@atelier/api';
import { DiskRenderStore, LocalImageEngine, RenderCache, THUMBNAIL_SIZE, type ImageEngine } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWorker } from '../src/worker';
import { startTestApp, type TestApp } from './support/harness';
import { samplePhoto } from './support/images';
import { testQueueTargets } from './support/redis';

/** A web server and a worker meet on Redis only: without it there is no such deployment to test. */
const redisTargets = testQueueTargets().filter((target) => target.name === 'redis');
const photo = new URL('../../../../shared/photos/astronaut.jpg', import.meta.url);

describe.each(redisTargets)('a web server asks the workers for its thumbnails, on $name', (queue) => {
  // The render store web servers and workers share (a bucket in production; a folder here).
  const renders = mkdtempSync(join(tmpdir(), 'atelier-renders-'));
  const cacheOnTheStore = () => new RenderCache(new DiskRenderStore(renders));
  let web: TestApp;
  /** Another web server of the deployment, which waits for a worker a moment only. */
  let impatientWeb: TestApp;
  let worker: FastifyInstance | undefined;
  /** What the impatient server logged, one JSON line each. */
  const logged: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  let workerRenders: RenderCache;

  beforeAll(async () => {
    web = await startTestApp(
      { name: 'sqlite' },
      { queue, runsGenerations: false, thumbnailWaitMs: 60_000, media: { renders: cacheOnTheStore() } },
    );
    impatientWeb = await startTestApp(
      { name: 'sqlite' },
      {
        instanceOf: web,
        runsGenerations: false,
        thumbnailWaitMs: 50,
        media: { renders: cacheOnTheStore() },
        logger: { level: 'info', stream: logStream },
      },
    );
  });
  afterAll(async () => {
    await worker?.close();
    await impatientWeb?.close();
    await web?.close();
    rmSync(renders, { recursive: true, force: true });
  });

  it('says at once that no worker runs: previews and synchronous generations 503, queued ones 202', async () => {
    // The patient server would wait a minute for a worker; with none at all it answers at once.
    const started = Date.now();
    const preview = await web.client().get('/api/thumbnail/lighting-golden-hour.jpg');
    expect(preview.status).toBe(503);
    expect(preview.headers['retry-after']).toBe(String(NO_WORKER_RETRY_AFTER_SECONDS));
    expect(preview.body).toEqual({ message: workerMessages.none, error: 'no_worker' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await web.client().get('/api/ready')).body).toMatchObject({ status: 'ready', generation: 'unavailable' });

    const member = web.client({ ip: '10.71.0.2' });
    const { user } = await member.register();
    const { id } = (
      await member.upload(await readFile(photo), { selection: JSON.stringify({ style: { id: 'watercolor' } }) })
    ).body as { id: number };
    const waiting = await member.post(`/api/transform/${id}`);
    expect(waiting.status).toBe(503);
    expect(waiting.body.error).toBe('no_worker');
    // Nothing was held for it; a generation that does not wait is queued for the next worker.
    expect((await member.get('/api/auth/account')).body.user.credits).toBe(user.credits);
    const queued = await member.post(`/api/transform/${id}`, {}, { prefer: 'respond-async' });
    expect(queued.status, queued.text).toBe(202);
  });

  it('answers 503 with Retry-After while a worker has not rendered it yet, then the picture it kept', async () => {
    // The worker keeps nothing until the impatient server has answered: a worker whose models another
    // test of this process already loaded would otherwise render the tile within its 50 ms.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    class HeldStore extends DiskRenderStore {
      override async write(name: string, bytes: Buffer): Promise<void> {
        await held;
        return super.write(name, bytes);
      }
    }
    workerRenders = new RenderCache(new HeldStore(renders));
    worker = await buildWorker({
      orm: web.db.orm,
      media: { ...web.media, renders: workerRenders },
      redis: web.redis!,
    });
    expect((await web.client().get('/api/ready')).body).toMatchObject({ generation: 'available' });
    const waited = await impatientWeb.client().get('/api/thumbnail/lighting-golden-hour.jpg');
    expect(waited.status).toBe(503);
    expect(waited.headers['retry-after']).toBe(String(THUMBNAIL_RETRY_AFTER_SECONDS));
    expect(waited.headers['cache-control']).toBeUndefined();
    expect(waited.body).toEqual({ message: thumbnailMessages.pending, error: 'thumbnail_pending' });
    // An answer that says "ask again" is no failure for an operator to act on: no error line.
    expect(logged.filter(({ level }) => level >= 50)).toEqual([]);
    expect(logged.map(({ msg }) => msg)).toContain('not ready yet, asked to retry');
    release();

    const served = await web.client().get('/api/thumbnail/lighting-golden-hour.jpg');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const { width, height } = await sharp(served.raw).metadata();
    expect([width, height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
    // The worker rendered it (once, though asked twice), the web server nothing.
    expect(workerRenders.rendered.thumbnail).toBe(1);
    expect([web, impatientWeb].map((server) => server.media.renders.rendered.thumbnail)).toEqual([0, 0]);
  });

  it('serves at once what a worker kept, and renders no thumbnail itself for concurrent first requests', async () => {
    const names = ['style-watercolor', 'camera-low-angle', 'lighting-golden-hour'];
    const answers = await Promise.all(
      [...names, ...names].map((name) => web.client().get(`/api/thumbnail/${name}.jpg`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(workerRenders.rendered.thumbnail).toBe(3);
    expect(web.media.renders.rendered.thumbnail).toBe(0);
    // An unknown option is refused by the web server, never asked of a worker.
    expect((await web.client().get('/api/thumbnail/lighting-nowhere.jpg')).status).toBe(404);
  });

  it("has a worker render the tiles of a member's photo", async () => {
    const member = web.client({ ip: '10.71.0.1' });
    await member.register();
    const kept = await member.upload(
      await readFile(photo),
      {},
      {
        path: '/api/option-samples',
      },
    );
    expect(kept.status, kept.text).toBe(200);
    const { sampleId } = kept.body as { sampleId: string };
    const tile = await member.get(`/api/option-samples/${sampleId}/camera-close-up.jpg`);
    expect(tile.status).toBe(200);
    expect((await member.get(`/api/option-samples/${sampleId}/lighting-golden-hour.jpg`)).status).toBe(200);
    expect(workerRenders.rendered.sample).toBe(2);
    expect(web.media.renders.rendered.sample).toBe(0);
  });

  it("renders a default model's portrait itself: art needs no model", async () => {
    const art = await web.client().get('/api/art/model-camille.jpg');
    expect(art.status).toBe(200);
    expect(web.media.renders.rendered.art).toBe(1);
    expect(workerRenders.rendered.art).toBe(0);
  });

  it("takes a paid generation before the member's tiles queued ahead of it", async () => {
    /** What the worker took, in order: a generation's engine call, or a preview's render. */
    const taken: ('generation' | 'preview')[] = [];
    const engine = new LocalImageEngine();
    let started = () => {};
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const images: ImageEngine = {
      name: engine.name,
      refusal: (selection) => engine.refusal(selection),
      async transform(request) {
        taken.push('generation');
        // The first holds the worker's one slot until the tiles and the paid job are queued.
        if (taken.length === 1) {
          started();
          await released;
        }
        return engine.transform(request);
      },
    };
    const busyRenders = cacheOnTheStore();
    const renderAsked = busyRenders.renderAsked.bind(busyRenders);
    vi.spyOn(busyRenders, 'renderAsked').mockImplementation((renderId) => {
      taken.push('preview');
      return renderAsked(renderId);
    });
    // A worker of one slot in place of the tests' worker above.
    await worker?.close();
    worker = await buildWorker({
      orm: web.db.orm,
      media: { ...web.media, renders: busyRenders, images },
      redis: web.redis!,
      generation: { concurrency: 1 },
    });

    const generate = async (ip: string) => {
      const member = web.client({ ip });
      await member.register();
      const upload = await member.upload(await samplePhoto(1, 64, 48), {
        selection: JSON.stringify({ style: { id: 'watercolor' } }),
      });
      const queued = await member.post(`/api/transform/${upload.body.id as number}`, {}, { prefer: 'respond-async' });
      expect(queued.status, queued.text).toBe(202);
      return { member, jobId: queued.body.jobId as number };
    };
    await generate('10.72.0.1');
    await firstStarted;

    // A member browsing the options while the worker is busy: each tile waits in the queue.
    const browser = impatientWeb.client({ ip: '10.72.0.2' });
    await browser.register();
    const kept = await browser.upload(await readFile(photo), {}, { path: '/api/option-samples' });
    const { sampleId } = kept.body as { sampleId: string };
    const tiles = ['lighting-golden-hour', 'camera-close-up', 'format-square-1-1'].map(
      (name) => `/api/option-samples/${sampleId}/${name}.jpg`,
    );
    for (const tile of tiles) expect((await browser.get(tile)).body.error).toBe('thumbnail_pending');

    // Then someone pays for a generation: it goes before the tiles asked before it.
    const paid = await generate('10.72.0.3');
    release();
    const { events } = await paid.member.openEvents<{ status: string }>(`/api/jobs/${paid.jobId}/events`);
    for await (const { status } of events) if (status !== 'queued' && status !== 'running') break;
    const patient = web.client();
    browser.copySessionTo(patient);
    for (const tile of tiles) expect((await patient.get(tile)).status).toBe(200);
    expect(taken).toEqual(['generation', 'generation', 'preview', 'preview', 'preview']);
  });
});
