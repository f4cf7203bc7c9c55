import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskRenderStore, LocalDiskStorage, LocalImageEngine, LocalVideoEngine, RenderCache } from '@atelier/media';
import { GenerationJob, openDatabase, Upload, type MikroORM } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startTestApp, TEST_HASH_PARAMS, TestClient, type TestApp } from './support/harness';
import { samplePhoto } from './support/images';
import { DatabaseRelay, FullDisk, FullRenderStore } from './support/faults';
import { testQueueTargets } from './support/redis';

const messages = {
  storageFull: 'Espace de stockage insuffisant sur le serveur. Veuillez réessayer plus tard.',
  databaseUnavailable: 'Service momentanément indisponible. Veuillez réessayer dans quelques instants.',
};

describe.each(testDatabaseTargets())('faults of the disk, and readiness, on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready while the database answers and storage takes writes; health stays a cheap liveness check', async () => {
    const ready = await t.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
      // This process runs its generations itself.
      generation: 'available',
    });
    expect((await t.client().get('/api/health')).body).toEqual({ status: 'ok' });
  });

  it('answers uploads 507 in French on a full disk, records nothing, and reports it in readiness', async () => {
    const full = await startTestApp(target, { media: { storage: new FullDisk(t.media.storage) } });
    try {
      const c = full.client({ ip: '10.44.0.1' });
      const { user } = await c.register();
      const refused = await c.upload(await samplePhoto(1));
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual({ message: messages.storageFull, error: 'insufficient_storage' });
      expect(await full.db.orm.em.fork().count(Upload, { owner: user.id })).toBe(0);

      const ready = await full.client().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toEqual({ database: 'ok', storage: 'failed' });
    } finally {
      await full.close();
    }
  });

  it('answers a generation 507 with Retry-After on a full disk: nothing paid, the job failed saying why', async () => {
    const disk = new FullDisk(t.media.storage);
    disk.full = false;
    const full = await startTestApp(target, { media: { storage: disk } });
    try {
      const c = full.client({ ip: '10.44.0.2' });
      const { user } = await c.register();
      const upload = await c.upload(await samplePhoto(1), {
        selection: JSON.stringify({ style: { id: 'watercolor' } }),
      });
      expect(upload.status, upload.text).toBe(200);
      disk.full = true;

      const refused = await c.post(`/api/transform/${upload.body.id as number}`);
      expect(refused.status).toBe(507);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.body).toMatchObject({ message: messages.storageFull, error: 'insufficient_storage' });
      expect((await c.get('/api/user')).body.credits).toBe(user.credits);
      const job = await full.db.orm.em.fork().findOneOrFail(GenerationJob, { owner: user.id });
      expect(job).toMatchObject({ status: 'failed', error: messages.storageFull });
    } finally {
      await full.close();
    }
  });
});

// Renders do not depend on the database.
describe('renders on a full disk', () => {
  it('answers thumbnails and art 507 with Retry-After when their render cannot be kept, and 404 to an unknown name', async () => {
    const rendersDir = mkdtempSync(join(tmpdir(), 'atelier-renders-'));
    const renders = new RenderCache(new FullRenderStore(new DiskRenderStore(rendersDir)));
    const full = await startTestApp({ name: 'sqlite' }, { media: { renders } });
    try {
      for (const url of [
        '/api/thumbnail/lighting-golden-hour.jpg',
        '/api/thumbnail/anime.jpg',
        '/api/art/model-camille.jpg',
      ]) {
        const res = await full.client().get(url);
        expect(res.status, url).toBe(507);
        expect(res.headers['retry-after'], url).toBe('60');
        expect(res.body, url).toEqual({ message: messages.storageFull, error: 'insufficient_storage' });
      }
      expect((await full.client().get('/api/thumbnail/nothing-here.jpg')).status).toBe(404);
      expect((await full.client().get('/api/art/nothing-here.jpg')).status).toBe(404);
    } finally {
      await full.close();
      rmSync(rendersDir, { recursive: true, force: true });
    }
  });
});

const METRICS_TOKEN = 'a-metrics-token-for-the-faults';

/** Short waits, so the frozen database fails the requests quickly. */
const FROZEN_WAITS = { acquireMs: 1000, queryMs: 1000 };

describe.each(testDatabaseTargets().filter((target) => target.name !== 'sqlite'))(
  'a database out of reach, on $name',
  (target) => {
    let db: TestDatabase;
    let relay: DatabaseRelay;
    let orm: MikroORM;
    let app: FastifyInstance;
    let mediaDir: string;

    beforeAll(async () => {
      db = await openTestDatabase(target);
      const direct = new URL(db.url);
      relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port || 3306) });
      await relay.open();
      const relayed = new URL(db.url);
      relayed.host = `127.0.0.1:${relay.port}`;
      orm = await openDatabase(relayed.toString(), {}, { waits: FROZEN_WAITS });
      mediaDir = mkdtempSync(join(tmpdir(), 'atelier-faults-'));
      // A web build, for the public pages.
      writeFileSync(join(mediaDir, 'index.html'), '<html><head><title>Atelier</title></head><body></body></html>');
      app = await buildApp({
        orm,
        sessionSecret: 'a-test-secret-that-is-long-enough-for-iron',
        secureCookies: false,
        api: { passwordHash: TEST_HASH_PARAMS },
        metricsToken: METRICS_TOKEN,
        webDist: mediaDir,
        media: {
          storage: new LocalDiskStorage(join(mediaDir, 'media')),
          renders: new RenderCache(new DiskRenderStore(join(mediaDir, 'renders'))),
          images: new LocalImageEngine(),
          videos: new LocalVideoEngine(),
        },
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await orm?.close(true);
      await db?.close();
      rmSync(mediaDir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After and a French message while it is gone, and serves again once it is back', async () => {
      const c = new TestClient(app, { ip: '10.44.1.1' });
      await c.register();
      expect((await c.get('/api/user')).status).toBe(200);

      await relay.cut();
      const rest = await c.get('/api/user');
      expect(rest.status).toBe(503);
      expect(rest.headers['retry-after']).toBe('5');
      expect(rest.body).toEqual({ message: messages.databaseUnavailable, error: 'database_unavailable' });
      const trpc = await c.get('/trpc/auth.me');
      expect(trpc.status).toBe(503);
      expect(trpc.headers['retry-after']).toBe('5');
      expect(trpc.body.error.json.message).toBe(messages.databaseUnavailable);
      expect((await c.get('/api/health')).status).toBe(200);
      const ready = await c.get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.database).not.toBe('ok');

      await relay.open();
      expect((await c.get('/api/user')).status).toBe(200);
    });

    it('answers 503 with Retry-After on every kind of route while it is gone (tokens, public pages, generations), and the metrics say it', async () => {
      const c = new TestClient(app, { ip: '10.44.1.5' });
      await c.register();
      const made = await c.post('/api/account/tokens', { name: 'Script', scope: 'generate' });
      expect(made.status, made.text).toBe(201);
      const bearer = { authorization: `Bearer ${made.body.token as string}` };
      const visitor = new TestClient(app, { ip: '10.44.1.6' });

      await relay.cut();
      try {
        for (const [who, method, url, headers] of [
          [visitor, 'GET', '/api/user', bearer],
          [visitor, 'GET', '/p/1', { accept: 'text/html' }],
          [c, 'POST', '/api/transform/1', {}],
          [c, 'POST', '/api/transform', {}],
        ] as const) {
          const res = await who.request(method, url, method === 'POST' ? {} : undefined, headers);
          expect(res.status, `${method} ${url} ${res.text}`).toBe(503);
          expect(res.headers['retry-after'], `${method} ${url}`).toBe('5');
          expect(res.text, `${method} ${url}`).toContain(messages.databaseUnavailable);
        }
        const metrics = await visitor.request('GET', '/api/metrics', undefined, {
          authorization: `Bearer ${METRICS_TOKEN}`,
        });
        expect(metrics.status, metrics.text).toBe(200);
        expect(metrics.text).toContain('atelier_database_up 0');
        expect(metrics.text).not.toMatch(/^atelier_generation_queue_depth \d/m);
      } finally {
        await relay.open();
      }
    });

    it('answers 503 within its waits while the database is frozen, health still answers, and serves again once it thaws', async () => {
      const c = new TestClient(app, { ip: '10.44.1.2' });
      await c.register();
      expect((await c.get('/api/user')).status).toBe(200);

      relay.freeze();
      try {
        const started = Date.now();
        const rest = await c.get('/api/user');
        expect(rest.status).toBe(503);
        expect(rest.headers['retry-after']).toBe('5');
        expect(rest.body).toEqual({ message: messages.databaseUnavailable, error: 'database_unavailable' });
        // Bounded by the waits (a query, or a connection then its query), not by the frozen server.
        expect(Date.now() - started).toBeLessThan(FROZEN_WAITS.acquireMs + FROZEN_WAITS.queryMs + 1000);
        const trpc = await c.get('/trpc/auth.me');
        expect(trpc.status).toBe(503);
        expect(trpc.body.error.json.message).toBe(messages.databaseUnavailable);
        expect((await c.get('/api/health')).body).toEqual({ status: 'ok' });
        const ready = await c.get('/api/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.checks.database).not.toBe('ok');
      } finally {
        relay.thaw();
      }
      expect((await c.get('/api/user')).status).toBe(200);
      expect((await c.get('/api/ready')).status).toBe(200);
    });

    it('answers 503 while another connection holds a write lock on the sessions, and serves once it is released', async () => {
      const c = new TestClient(app, { ip: '10.44.1.3' });
      await c.register();
      const holder = db.orm.em.fork().getConnection();
      // One pinned connection takes the lock and releases it.
      await holder.transactional(async (trx) => {
        await holder.execute('LOCK TABLES `sessions` WRITE', [], 'run', trx);
        try {
          const rest = await c.get('/api/user');
          expect(rest.status).toBe(503);
          expect(rest.body).toEqual({ message: messages.databaseUnavailable, error: 'database_unavailable' });
        } finally {
          await holder.execute('UNLOCK TABLES', [], 'run', trx);
        }
      });
      expect((await c.get('/api/user')).status).toBe(200);
    });

    it("ends in the server, soon after, a statement the request gave up on, though another's row lock is still held", async () => {
      const c = new TestClient(app, { ip: '10.44.1.4' });
      const { user } = await c.register();
      const holder = db.orm.em.fork().getConnection();
      const stillWaiting = async () => {
        const [row] = await db.orm.em
          .fork()
          .getConnection()
          .execute<{ waiting: number | string }[]>(
            "SELECT COUNT(*) AS waiting FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND LOWER(INFO) LIKE '%for update%'",
          );
        return Number(row?.waiting);
      };
      // An upload is recorded holding its owner's row, which another transaction holds here.
      await holder.transactional(async (trx) => {
        await holder.execute('SELECT id FROM users WHERE id = ? FOR UPDATE', [user.id], 'all', trx);
        expect((await c.upload(await samplePhoto())).status).toBe(503);
        // InnoDB would let the abandoned statement wait 50 s for the row, holding a server thread.
        await expect.poll(stillWaiting, { timeout: 5000, interval: 100 }).toBe(0);
      });
      expect((await c.upload(await samplePhoto())).status).toBe(200);
    });
  },
);

/** What a signed-in page and a sign-in ask, each answered (200, or 503 with Retry-After) within `withinMs`. */
async function answeredWithoutRedis(c: TestClient, email: string, password: string, withinMs: number): Promise<void> {
  for (const [method, url, body] of [
    ['GET', '/api/user'],
    ['GET', '/api/feed/public'],
    ['GET', '/trpc/gallery.list?input=%7B%22json%22%3A%7B%22userId%22%3A1%7D%7D'],
    ['POST', '/api/login', { email, password }],
    ['POST', '/api/gallery/save', { transformedImagePath: '/api/media/results/x.jpg' }],
  ] as const) {
    const started = Date.now();
    const res = await c.request(method, url, body);
    expect(Date.now() - started, `${method} ${url}`).toBeLessThan(withinMs);
    expect(
      res.status < 500 || (res.status === 503 && res.headers['retry-after'] !== undefined),
      `${method} ${url} ${res.status} ${res.text}`,
    ).toBe(true);
  }
}

describe.each(testQueueTargets().filter((target) => target.name === 'redis'))('Redis out of reach', (queue) => {
  let relay: DatabaseRelay;
  let t: TestApp;

  beforeAll(async () => {
    const direct = new URL(queue.url!);
    relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port || 6379) });
    await relay.open();
    const relayed = new URL(queue.url!);
    relayed.host = `127.0.0.1:${relay.port}`;
    t = await startTestApp({ name: 'sqlite' }, { queue: { name: 'redis', url: relayed.toString() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every request within seconds, 503 with Retry-After at worst, while Redis is frozen', async () => {
    const c = t.client({ ip: '10.45.1.1' });
    const { email, password } = await c.register();
    expect((await c.get('/api/user')).status).toBe(200);

    relay.freeze();
    try {
      await answeredWithoutRedis(c, email, password, 5_000);
    } finally {
      relay.thaw();
    }
  }, 60_000);
});
