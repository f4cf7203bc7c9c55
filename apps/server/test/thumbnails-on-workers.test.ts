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
import { DiskRenderStore, RenderCache, THUMBNAIL_SIZE } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorker } from '../src/worker';
import { startTestApp, type TestApp } from './support/harness';
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
});
