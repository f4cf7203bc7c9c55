// What the REST adapter costs around the real work: the polled lists (public feed, a gallery and
// its unchanged poll) against a bare Fastify route and a bare node:http server sending the very
// same bytes, side by side in one run. Every answer of the app still goes through the session,
// the ownership check and the security headers. The load (autocannon) runs in a worker thread so
// the server's event loop has a core of its own. On MySQL/MariaDB when MYSQL_URL is set, else SQLite;
// with the list versions and the session endings in Redis when REDIS_URL is set, as in production.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { GalleryItem } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import { deleteRedisKeys } from '../../apps/server/test/support/redis';
import { listeningApp, localMedia, ms, publishedPost, signUp } from './support';

const POSTS = 1000;
const SECONDS = 3;
const ROUNDS = 3;
const CONNECTIONS = 32;

const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const redis = process.env.REDIS_URL
  ? { url: process.env.REDIS_URL, prefix: `atelier-bench-${randomBytes(4).toString('hex')}` }
  : undefined;
const db = await openTestDatabase(target);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-adapter-'));
// Logging as in production (`LOG_LEVEL=info`), into a sink rather than the terminal.
const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
const { app, base } = await listeningApp({
  logger: { level: 'info', stream: sink },
  orm: db.orm,
  redis,
  media: localMedia(dir),
});

// One signed-in reader whose own gallery holds the published posts.
const { cookie, userId } = await signUp(base, { email: 'reader@example.fr', firstName: 'Lou', lastName: 'Lecteur' });
const em = db.orm.em.fork();
const start = Date.now() - POSTS * 60_000;
await em.insertMany(
  GalleryItem,
  Array.from({ length: POSTS }, (_, n) => publishedPost(n, userId, start)),
);

interface Figures {
  perSecond: number;
  /** Main-thread (event loop) time per answer: steadier than req/s on a busy machine. */
  busyPerRequest: number;
  p99: number;
  unexpected: number;
}

/** Requests per second for one URL over `SECONDS`, from a worker thread; statuses other than `status` are counted. */
async function measure(url: string, headers: Record<string, string>, status: number): Promise<Figures> {
  // Warm: the first answer of a page is a query; the measure is of what follows.
  await (await fetch(url, { headers })).arrayBuffer();
  const before = performance.eventLoopUtilization();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  const { active } = performance.eventLoopUtilization(before);
  const expected = result.statusCodeStats?.[String(status) as keyof typeof result.statusCodeStats]?.count ?? 0;
  return {
    perSecond: result.requests.average,
    busyPerRequest: active / result.requests.total,
    p99: result.latency.p99,
    unexpected: result.requests.total - expected,
  };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

const feedUrl = `${base}/api/feed/public?limit=20`;
const galleryUrl = `${base}/api/gallery/${userId}?limit=20`;
const feed = await fetch(feedUrl);
const feedBody = Buffer.from(await feed.arrayBuffer());
const galleryTag = (await fetch(galleryUrl, { headers: { cookie } })).headers.get('etag') ?? '';

// The same bytes, headers and status as the app's feed answer, with nothing around them.
const answerHeaders = Object.fromEntries(
  [...feed.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
);
const bareFastify = Fastify();
bareFastify.get('/', (_request, reply) => reply.headers(answerHeaders).send(feedBody));
await bareFastify.listen({ port: 0, host: '127.0.0.1' });
const bareHttp = createServer((_request, response) =>
  response.writeHead(200, { ...answerHeaders, 'content-length': feedBody.length }).end(feedBody),
);
await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));
const portOf = (address: AddressInfo | string | null) => (typeof address === 'object' && address ? address.port : 0);

console.log(
  `${target.name}${redis ? ' and Redis' : ''}, ${POSTS} posts, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per case, a ${feedBody.length}-byte page of 20`,
);
const cases: [string, string, Record<string, string>, number][] = [
  ['bare node:http, same bytes', `http://127.0.0.1:${portOf(bareHttp.address())}/`, {}, 200],
  ['bare Fastify route, same bytes', `http://127.0.0.1:${portOf(bareFastify.server.address())}/`, {}, 200],
  ['GET /api/feed/public (visitor)', feedUrl, {}, 200],
  ['GET /api/feed/public (signed in)', feedUrl, { cookie }, 200],
  ['GET /api/gallery/:userId (own)', galleryUrl, { cookie }, 200],
  ['GET /api/gallery/:userId unchanged poll (304)', galleryUrl, { cookie, 'if-none-match': galleryTag }, 304],
];
// Rounds of every case in turn, each compared with the bare route of its own round: the machine's
// other work weighs on both alike.
const rounds: Figures[][] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const figures: Figures[] = [];
  for (const [, url, headers, status] of cases) figures.push(await measure(url, headers, status));
  rounds.push(figures);
}
const bareIndex = 1;
console.log('polled lists as a share of a bare Fastify route sending the same bytes:');
cases.forEach(([label], i) => {
  const throughput = median(rounds.map((r) => r[i]!.perSecond / r[bareIndex]!.perSecond));
  const busy = median(rounds.map((r) => r[bareIndex]!.busyPerRequest / r[i]!.busyPerRequest));
  const unexpected = rounds.reduce((sum, r) => sum + r[i]!.unexpected, 0);
  console.log(
    `${label.padEnd(46)} ${median(rounds.map((r) => r[i]!.perSecond))
      .toFixed(0)
      .padStart(6)} req/s ${(100 * throughput).toFixed(0).padStart(4)} % of bare Fastify` +
      ` | ${(1000 * median(rounds.map((r) => r[i]!.busyPerRequest))).toFixed(0).padStart(5)} µs of event loop per answer ${(100 * busy).toFixed(0).padStart(4)} %` +
      ` | p99 ${ms(median(rounds.map((r) => r[i]!.p99)))}${unexpected ? `  (${unexpected} unexpected statuses)` : ''}`,
  );
});

await app.close();
await bareFastify.close();
bareHttp.close();
await db.close();
if (redis) await deleteRedisKeys(redis);
rmSync(dir, { recursive: true, force: true });
