// Past one machine: feed and gallery polls with list versions in the process and in Redis, in the
// same run, then two server processes (Redis) behind a round-robin proxy against one behind the
// same proxy: requests per second and p95, over loopback HTTP. Real processes, as deployed: two
// apps in this process would share its one thread. Needs REDIS_URL for all but the first figures;
// on MySQL/MariaDB when MYSQL_URL is set, else on SQLite.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GalleryItem } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import { listen, roundRobin } from '../../apps/server/test/support/round-robin';
import { deleteRedisKeys } from '../../apps/server/test/support/redis';
import { startServerOnFreePort } from '../../apps/server/test/support/server-process';
import { BENCH_SESSION_SECRET, listeningApp, load, localMedia, ms, signUp } from './support';

const POSTS = 1000;
const REQUESTS = 1000;
const CONCURRENCY = 32;

const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const db = await openTestDatabase(target);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-scale-'));
const media = localMedia(dir);
const redis = process.env.REDIS_URL
  ? { url: process.env.REDIS_URL, prefix: `atelier-bench-${randomBytes(4).toString('hex')}` }
  : undefined;

/** Published posts of one reader's, so the feed and the reader's gallery both have pages to send. */
async function seed(base: string): Promise<{ cookie: string; readerId: number }> {
  const { cookie, userId } = await signUp(base, { email: 'lecteur@example.fr', firstName: 'Lou', lastName: 'Lecteur' });
  const at = Date.now() - POSTS * 60_000;
  await db.orm.em.fork().insertMany(
    GalleryItem,
    Array.from({ length: POSTS }, (_, n) => ({
      owner: userId,
      mediaType: 'image',
      transformedImagePath: `/api/media/results/2026/11/${String(n).padStart(8, '0')}-0000-4000-8000-000000000000.jpg`,
      description: 'Aquarelle',
      isPublic: true,
      publishedAt: new Date(at + n * 60_000),
      likesCount: n % 7,
      createdAt: new Date(at + n * 60_000),
    })),
  );
  return { cookie, readerId: userId };
}

async function figures(label: string, base: string, cookie: string, readerId: number): Promise<void> {
  const get = (url: string, headers: Record<string, string>, expected: number) => async () => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== expected) throw new Error(`${url}: ${response.status}, expected ${expected}`);
  };
  const feed = `${base}/api/feed/public?limit=20`;
  const gallery = `${base}/api/gallery/${readerId}?limit=20`;
  const feedTag = (await fetch(feed)).headers.get('etag') ?? '';
  const galleryTag = (await fetch(gallery, { headers: { cookie } })).headers.get('etag') ?? '';
  const runs: [string, () => Promise<void>][] = [
    ['feed page (visitor)', get(feed, {}, 200)],
    ['feed unchanged poll (304)', get(feed, { 'if-none-match': feedTag }, 304)],
    ['gallery page (owner)', get(gallery, { cookie }, 200)],
    ['gallery unchanged poll (304)', get(gallery, { cookie, 'if-none-match': galleryTag }, 304)],
  ];
  for (const [what, request] of runs) {
    const r = await load(REQUESTS, CONCURRENCY, request);
    console.log(`${label}, ${what}: ${r.perSecond.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}`);
  }
}

async function behindProxy(ports: number[]): Promise<{ proxy: Server; base: string }> {
  const proxy = roundRobin(ports);
  return { proxy, base: `http://127.0.0.1:${await listen(proxy)}` };
}

/** A server process on the bench's database and Redis, as `npm start` runs it; its port. */
async function serverProcess(shared: { url: string; prefix: string }): Promise<{ child: ChildProcess; port: number }> {
  // Logging at info, each request is logged, in both runs alike.
  const { child, port } = await startServerOnFreePort({
    DATA_DIR: mkdtempSync(join(dir, 'instance-')),
    DATABASE_URL: db.url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    REDIS_URL: shared.url,
    REDIS_PREFIX: shared.prefix,
  });
  return { child, port };
}

console.log(`${target.name}, ${POSTS} published posts, ${REQUESTS} requests per figure, ${CONCURRENCY} concurrent`);
const local = await listeningApp({ orm: db.orm, media });
const { cookie, readerId } = await seed(local.base);
await figures('one instance, versions in the process', local.base, cookie, readerId);
await local.app.close();

if (!redis) {
  console.log('skipped: list versions in Redis and two instances behind a proxy (REDIS_URL is not set)');
} else {
  const first = await listeningApp({ orm: db.orm, media, redis });
  await figures('one instance, versions in Redis', first.base, cookie, readerId);
  await first.app.close();
  const servers = await Promise.all([serverProcess(redis), serverProcess(redis)]);
  for (const count of [1, 2]) {
    const { proxy, base } = await behindProxy(servers.slice(0, count).map(({ port }) => port));
    await figures(
      `${count === 1 ? 'one server process' : 'two server processes'} (Redis) behind the proxy`,
      base,
      cookie,
      readerId,
    );
    await new Promise((resolve) => proxy.close(resolve));
  }
  for (const { child } of servers) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
  await deleteRedisKeys(redis);
}
await db.close();
rmSync(dir, { recursive: true, force: true });
