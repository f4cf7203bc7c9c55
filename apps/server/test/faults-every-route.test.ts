import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, User, type MikroORM } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import { DiskRenderStore, LocalDiskStorage, LocalImageEngine, LocalVideoEngine, RenderCache } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DatabaseRelay, FullDisk, FullRenderStore } from './support/faults';
import { TEST_HASH_PARAMS, TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { describedApi, NOT_CONFIGURED, sendExample, type DocumentedOperation } from './support/openapi-examples';
import { deleteRedisKeys, testQueueTargets, testRedis } from './support/redis';

/** What every answer must take at most, whatever is down. */
const WITHIN_MS = 5000;
const METRICS_TOKEN = 'a-metrics-token-for-every-route';
/** Not in the public document, but a scraper reads it through an outage above all. */
const METRICS: DocumentedOperation = {
  method: 'GET',
  path: '/api/metrics',
  operation: {},
  parameters: [],
  wildcard: undefined,
};
/** Examples that would end what the next faults need: the account must outlive them, and its password. */
const KEEP_THE_ACCOUNT: Record<string, { body: Record<string, unknown> }> = {
  'POST /api/account/delete': { body: { password: 'pas-le-bon' } },
};

const server = testDatabaseTargets().find((target) => target.name !== 'sqlite');
const redisTarget = testQueueTargets().find((target) => target.name === 'redis');

/**
 * Every documented route and the metrics, its example request sent while one of the server's resources fails: each
 * answers within 5 s, never a 500 or a 502, and a 503 or 507 always says when to come back
 * (Retry-After). Once the fault is over, nothing the account had is lost. A database server and
 * Redis are needed (MYSQL_URL, REDIS_URL): the faults are cut or frozen connections to them.
 */
describe.skipIf(!server || !redisTarget)('every route under each fault', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  let app: FastifyInstance;
  let dir: string;
  let redis: { url: string; prefix: string };
  const relays = {} as { database: DatabaseRelay; redis: DatabaseRelay };
  let disk: FullDisk;
  let renders: FullRenderStore;
  let photo: Buffer;
  let operations: DocumentedOperation[];
  let owner: { email: string; password: string; userId: number; credits: number; imagePath: string };

  const relayed = async (url: string, defaultPort: number) => {
    const direct = new URL(url);
    const relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port || defaultPort) });
    await relay.open();
    const through = new URL(url);
    through.host = `127.0.0.1:${relay.port}`;
    return { relay, url: through.toString() };
  };

  beforeAll(async () => {
    db = await openTestDatabase(server!);
    const toDatabase = await relayed(db.url, 3306);
    const toRedis = await relayed(redisTarget!.url!, 6379);
    relays.database = toDatabase.relay;
    relays.redis = toRedis.relay;
    orm = await openDatabase(toDatabase.url, {}, { waits: { acquireMs: 1000, queryMs: 1000 } });
    redis = { ...testRedis(redisTarget!)!, url: toRedis.url };
    dir = mkdtempSync(join(tmpdir(), 'atelier-every-route-'));
    // A web build, for the public pages.
    writeFileSync(join(dir, 'index.html'), '<html><head><title>Atelier</title></head><body></body></html>');
    disk = new FullDisk(new LocalDiskStorage(join(dir, 'media')));
    disk.full = false;
    renders = new FullRenderStore(new DiskRenderStore(join(dir, 'renders')));
    renders.full = false;
    app = await buildApp({
      orm,
      sessionSecret: 'a-test-secret-that-is-long-enough-for-iron',
      secureCookies: false,
      api: { passwordHash: TEST_HASH_PARAMS, discoveryOfferCredits: 0 },
      metricsToken: METRICS_TOKEN,
      webDist: dir,
      redis,
      media: {
        storage: disk,
        renders: new RenderCache(renders),
        images: new LocalImageEngine(),
        videos: new LocalVideoEngine(),
      },
    });
    await app.ready();
    operations = [...describedApi(app).operations, METRICS];
    photo = await samplePhoto(3, 240, 160);
    const c = new TestClient(app, { ip: '10.47.0.1' });
    const { user, email, password } = await c.register();
    const upload = await c.upload(photo, { style: 'Aquarelle' });
    expect(upload.status, upload.text).toBe(200);
    owner = { email, password, userId: user.id, credits: user.credits, imagePath: upload.body.imagePath };
    // The pictures every page shows are rendered once, ahead: a first render takes seconds of CPU, no fault.
    for (const operation of operations.filter(({ path }) => /^\/api\/(thumbnail|art)\//.test(path)))
      expect((await sendExample(c, operation, photo)).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await orm?.close(true);
    await db?.close();
    if (redis) await deleteRedisKeys({ ...redis, url: redisTarget!.url! });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // felt: some answers must say so (503 or 507); databaseUp: what the metrics say of the database.
  const faults: {
    name: string;
    felt: boolean;
    databaseUp: 0 | 1;
    start: () => void | Promise<void>;
    end: () => void | Promise<void>;
  }[] = [
    {
      name: 'the database killed',
      felt: true,
      databaseUp: 0,
      start: () => relays.database.cut(),
      end: () => relays.database.open(),
    },
    {
      name: 'Redis killed',
      felt: false,
      databaseUp: 1,
      start: () => relays.redis.cut(),
      end: () => relays.redis.open(),
    },
    {
      name: 'Redis frozen',
      felt: false,
      databaseUp: 1,
      start: () => relays.redis.freeze(),
      end: () => relays.redis.thaw(),
    },
    {
      name: 'the disk full',
      felt: true,
      databaseUp: 1,
      start: () => {
        disk.full = true;
        renders.full = true;
      },
      end: () => {
        disk.full = false;
        renders.full = false;
      },
    },
  ];

  it.each(faults)('answers every route within 5 s, 503 or 507 with Retry-After at worst, with $name', async (fault) => {
    const c = new TestClient(app, { ip: '10.47.1.1' });
    expect((await c.post('/api/login', { email: owner.email, password: owner.password })).status).toBe(200);

    await fault.start();
    let answers: { label: string; status: number; retryAfter: unknown; ms: number; text: string }[];
    try {
      answers = await Promise.all(
        operations.map(async (operation) => {
          const started = performance.now();
          // A generation answers at once with its job rather than waiting for it.
          const headers: Record<string, string> = { prefer: 'respond-async' };
          if (operation.path === '/api/metrics') headers.authorization = `Bearer ${METRICS_TOKEN}`;
          const label = `${operation.method} ${operation.path}`;
          const response = await sendExample(c, operation, photo, { ...KEEP_THE_ACCOUNT[label], headers });
          return {
            label,
            status: response.status,
            retryAfter: response.headers['retry-after'],
            ms: performance.now() - started,
            text: response.text,
          };
        }),
      );
    } finally {
      await fault.end();
    }

    for (const { label, status, retryAfter, ms, text } of answers) {
      expect(ms, label).toBeLessThan(WITHIN_MS);
      if (status >= 500 && NOT_CONFIGURED[label] !== status) {
        expect([503, 507], `${label} ${status} ${text.slice(0, 200)}`).toContain(status);
        expect(retryAfter, `${label} ${status}`).toBeDefined();
      }
    }
    // The operator's view of the outage stays readable, and says when the database is the fault.
    const metrics = answers.find(({ label }) => label === 'GET /api/metrics');
    expect(metrics?.status).toBe(200);
    expect(metrics?.text).toContain(`atelier_database_up ${fault.databaseUp}`);
    if (fault.felt) expect(answers.filter(({ status }) => status === 503 || status === 507).length).toBeGreaterThan(0);

    // Nothing lost: the account, its balance and its upload are as they were.
    const after = new TestClient(app, { ip: '10.47.2.1' });
    const signedIn = await after.post('/api/login', { email: owner.email, password: owner.password });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await after.get('/api/user')).body.credits).toBe(owner.credits);
    expect((await after.get(owner.imagePath)).status).toBe(200);
    expect(await db.orm.em.fork().count(User, { id: owner.userId })).toBe(1);
  });
});
