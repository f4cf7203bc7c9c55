// A soak, `npm run bench -- soak` (`--minutes N` for another length; 10 minutes by default): mixed
// traffic from bounded loops over loopback against a `web` process and a separate `worker` process on
// MariaDB (or MySQL) and Redis, as deployed on one machine — members reading the feed, their gallery,
// their account, a post and the small versions of their photos; uploading photos; generating on the
// local engine and following each job's server-sent events to its end; liking posts. Prints each
// route's p50 and p99 and its errors (goal: none), and each process's RSS, heap in use after a full
// collection (asked through its inspector) and open handles, idle, after the warm-up (the first
// tenth, a minute at least) and at the end, both under the same traffic (goal: the end within 10 %
// of the warm-up). Needs MYSQL_URL and REDIS_URL.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { GalleryItem, User } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import { deleteRedisKeys } from '../../apps/server/test/support/redis';
import { freePort, startServerOnFreePort, startServerProcess } from '../../apps/server/test/support/server-process';
import { BENCH_SESSION_SECRET, ms, percentiles, publishedPost, signUp } from './support';

const { values: given } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const MINUTES = Number(given.minutes);
if (!(MINUTES > 0)) throw new Error(`--minutes takes a number of minutes above 0, not ${given.minutes}`);
const DURATION_MS = MINUTES * 60_000;
/**
 * The first tenth, a minute at least (half of a shorter run), warms the processes before the first
 * figures: the worker's models and style threads loaded, the pools and caches filled.
 */
const WARM_UP_MS = Math.min(DURATION_MS / 2, Math.max(60_000, DURATION_MS / 10));
const MEMBERS = 6;
/** Published posts in the feed, for reading and liking. */
const POSTS = 300;
/** Loops of each kind running at once: the traffic's bounded concurrency. */
const LOOPS = { reader: 4, uploader: 1, generator: 2, liker: 1 };
/** Pauses between an uploader's photos and a liker's likes: a person's pace, not a flood. */
const UPLOAD_EVERY_MS = 1000;
const LIKE_EVERY_MS = 100;
/** Options the photos are uploaded with, for their generations: a style (the style threads) or a light (the matting model). */
const SELECTIONS = [{ style: { id: 'watercolor' } }, { lighting: { id: 'golden-hour' } }].map((selection) =>
  JSON.stringify(selection),
);
const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

if (!process.env.REDIS_URL || !process.env.MYSQL_URL) {
  console.log('skipped: a web process and a worker need MYSQL_URL and REDIS_URL');
  process.exit(0);
}
const db = await openTestDatabase({ name: 'mysql', url: process.env.MYSQL_URL });
const redis = { url: process.env.REDIS_URL, prefix: `atelier-bench-${randomBytes(4).toString('hex')}` };
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-soak-'));
const metricsToken = randomBytes(16).toString('hex');
const shared = {
  DATABASE_URL: db.url,
  SESSION_SECRET: BENCH_SESSION_SECRET,
  REDIS_URL: redis.url,
  REDIS_PREFIX: redis.prefix,
  // One machine, one disk: the worker reads the uploads the web server stored.
  DATA_DIR: dir,
  METRICS_TOKEN: metricsToken,
  LOG_LEVEL: 'info',
};
/** Each process's inspector, through which the bench asks for a full collection before reading its heap. */
const inspectors = { web: await freePort(), worker: await freePort() };
const inspected = (port: number) => ({ NODE_OPTIONS: `--inspect=127.0.0.1:${port}` });
const web = await startServerOnFreePort({ ...shared, ...inspected(inspectors.web), ATELIER_ROLE: 'web' });
const workerPort = await freePort();
const worker: ChildProcess = await startServerProcess({
  ...shared,
  ...inspected(inspectors.worker),
  ATELIER_ROLE: 'worker',
  WORKER_PORT: String(workerPort),
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
});
const base = web.base;

/** A photo of about 1 MP, as a phone's sent small. */
const photo = await sharp(await readFile(new URL('../../../shared/photos/astronaut.jpg', import.meta.url)))
  .resize(1200, 900)
  .jpeg({ quality: 85 })
  .toBuffer();

interface Member {
  id: number;
  cookie: string;
  /** Storage keys of the photos it uploaded. */
  photos: string[];
  uploadIds: number[];
}

/** Times of each route's answers, and its errors (an unexpected status, or no answer) with the first of them. */
const routes = new Map<string, { times: number[]; errors: number; firstError?: string }>();
function record(route: string, ms: number, error?: string): void {
  const figures = routes.get(route) ?? { times: [], errors: 0 };
  routes.set(route, figures);
  figures.times.push(ms);
  if (error === undefined) return;
  figures.errors += 1;
  figures.firstError ??= error;
}

/** One request, timed under `route`; an answer other than `expected` (or none) is an error. */
async function call(route: string, url: string, init: RequestInit & { expected: number[] }): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${url}`, init);
    const body = await response.arrayBuffer();
    const unexpected = init.expected.includes(response.status)
      ? undefined
      : `${response.status} ${Buffer.from(body).toString('utf8').slice(0, 200)}`;
    record(route, performance.now() - started, unexpected);
    return new Response(response.status === 304 ? null : body, { status: response.status, headers: response.headers });
  } catch (error) {
    record(route, performance.now() - started, String(error));
    return null;
  }
}

/** A photo with the options its generations apply, taking turns. */
async function upload(member: Member): Promise<void> {
  const form = new FormData();
  form.append('selection', pick(SELECTIONS));
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await call('POST /api/upload', '/api/upload', {
    method: 'POST',
    headers: { cookie: member.cookie },
    body: form,
    expected: [200],
  });
  if (answer?.status !== 200) return;
  const { id, imagePath } = (await answer.json()) as { id: number; imagePath: string };
  member.uploadIds.push(id);
  member.photos.push(imagePath.replace('/api/media/', ''));
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const members: Member[] = [];
for (let n = 0; n < MEMBERS; n += 1) {
  const { cookie, userId } = await signUp(base, {
    email: `soak-${n}-${randomBytes(3).toString('hex')}@example.fr`,
    firstName: 'Sasha',
    lastName: 'Endurance',
  });
  members.push({ id: userId, cookie, photos: [], uploadIds: [] });
}
// Enough credits for every generation of the run.
await db.orm.em.fork().nativeUpdate(User, { id: { $in: members.map(({ id }) => id) } }, { credits: 1_000_000 });
for (const member of members) await upload(member);
const postIds = (
  await db.orm.em.fork().insertMany(
    GalleryItem,
    Array.from({ length: POSTS }, (_, n) => publishedPost(n, members[n % MEMBERS]!.id, Date.now() - POSTS * 60_000)),
  )
).map(Number);
routes.clear();

/** The feed's last ETag, so some reads are the studio's unchanged polls. */
let feedTag = '';
const reads: (() => Promise<unknown>)[] = [
  async () => {
    const poll = feedTag !== '' && Math.random() < 0.5;
    const answer = await call(
      poll ? 'GET /api/feed/public (poll)' : 'GET /api/feed/public',
      '/api/feed/public?limit=20',
      {
        headers: poll ? { 'if-none-match': feedTag } : {},
        expected: poll ? [200, 304] : [200],
      },
    );
    feedTag = answer?.headers.get('etag') ?? feedTag;
  },
  () => {
    const member = pick(members);
    return call('GET /api/gallery/{userId}', `/api/gallery/${member.id}?limit=20`, {
      headers: { cookie: member.cookie },
      expected: [200],
    });
  },
  () => call('GET /api/user', '/api/user', { headers: { cookie: pick(members).cookie }, expected: [200] }),
  () =>
    call('GET /api/credits/history', '/api/credits/history', {
      headers: { cookie: pick(members).cookie },
      expected: [200],
    }),
  () => call('GET /api/posts/{postId}', `/api/posts/${pick(postIds)}`, { expected: [200] }),
  () => {
    const member = pick(members);
    return call('GET /api/media/{key}?w=320', `/api/media/${pick(member.photos)}?w=320`, {
      headers: { cookie: member.cookie },
      expected: [200],
    });
  },
];

/**
 * A generation as a REST client makes it: accepted at once (202; 200 with the picture when the
 * worker finished it before the answer went), then followed by its events to the end.
 */
async function generate(member: Member): Promise<void> {
  const accepted = await call('POST /api/transform/{id} (async)', `/api/transform/${pick(member.uploadIds)}`, {
    method: 'POST',
    headers: { cookie: member.cookie, 'content-type': 'application/json', prefer: 'respond-async' },
    body: '{}',
    expected: [200, 202],
  });
  if (!accepted?.ok) return;
  const { jobId } = (await accepted.json()) as { jobId: number };
  const route = 'GET /api/jobs/{id}/events (to the end)';
  const started = performance.now();
  const stop = new AbortController();
  try {
    const stream = await fetch(`${base}/api/jobs/${jobId}/events`, {
      headers: { cookie: member.cookie },
      signal: stop.signal,
    });
    let buffered = '';
    let status = '';
    const decoder = new TextDecoder();
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      for (const line of buffered.split('\n').filter((text) => text.startsWith('data: ')))
        status = (JSON.parse(line.slice('data: '.length)) as { status?: string }).status ?? status;
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
      if (TERMINAL.has(status)) break;
    }
    stop.abort();
    record(
      route,
      performance.now() - started,
      status === 'succeeded' ? undefined : `job ${jobId} ended ${status || 'unseen'}`,
    );
  } catch (error) {
    record(route, performance.now() - started, String(error));
  }
}

/** A process's figures: resident memory (its threads' included), heap in use, open handles. */
interface Figures {
  rss: number;
  heap: number;
  handles: number;
}

/** A full garbage collection in the process behind that inspector port (the DevTools protocol's own). */
async function collectGarbage(inspectorPort: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await once(socket, 'open');
  const answered = once(socket, 'message');
  socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  await answered;
  socket.close();
}

/** A process's figures from its metrics, its heap read right after a full collection: what is still held. */
async function figuresOf(address: string, inspectorPort: number): Promise<Figures> {
  await collectGarbage(inspectorPort);
  const text = await (
    await fetch(`${address}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rss: value('process_resident_memory_bytes'),
    heap: value('nodejs_heap_size_used_bytes'),
    handles: value('nodejs_active_handles_total'),
  };
}

const figuresNow = async () => ({
  web: await figuresOf(base, inspectors.web),
  worker: await figuresOf(`http://127.0.0.1:${workerPort}`, inspectors.worker),
});

const idle = await figuresNow();
const startedAt = performance.now();
const endsAt = startedAt + DURATION_MS;
let running = true;
const loop = (each: () => Promise<unknown>, pauseMs = 0) =>
  (async () => {
    while (running) {
      await each();
      if (pauseMs) await sleep(pauseMs);
    }
  })();
const loops = [
  ...Array.from({ length: LOOPS.reader }, () => loop(() => pick(reads)())),
  ...Array.from({ length: LOOPS.uploader }, () => loop(() => upload(pick(members)), UPLOAD_EVERY_MS)),
  // Each generating loop its own member: a member's third job would wait for one of its two to end.
  ...Array.from({ length: LOOPS.generator }, (_, n) => loop(() => generate(members[n]!))),
  ...Array.from({ length: LOOPS.liker }, () =>
    loop(() => {
      const member = pick(members);
      return call('POST /api/posts/{postId}/like', `/api/posts/${pick(postIds)}/like`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ liked: Math.random() < 0.5 }),
        expected: [200],
      });
    }, LIKE_EVERY_MS),
  ),
];
await sleep(WARM_UP_MS);
const warm = await figuresNow();
console.log(`warmed up after ${(WARM_UP_MS / 1000).toFixed(0)} s; running to ${MINUTES} min`);
await sleep(Math.max(0, endsAt - performance.now()));
const end = await figuresNow();
running = false;
await Promise.all(loops);
const seconds = (performance.now() - startedAt) / 1000;

const total = [...routes.values()].reduce((sum, { times }) => sum + times.length, 0);
const errors = [...routes.values()].reduce((sum, figures) => sum + figures.errors, 0);
console.log(
  `${MINUTES} min soak (${seconds.toFixed(0)} s), ${db.url.startsWith('mariadb') ? 'MariaDB' : 'MySQL'} + Redis, a web and a worker process, ` +
    `${Object.values(LOOPS).reduce((sum, n) => sum + n, 0)} loops: ${total} requests, ${errors} errors`,
);
for (const [route, { times, errors: failed, firstError }] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
  const { p50, p99 } = percentiles(times);
  console.log(
    `  ${route.padEnd(42)} ${String(times.length).padStart(6)}  p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}  errors ${failed}` +
      (firstError ? ` (first: ${firstError})` : ''),
  );
}
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const change = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %`;
for (const name of ['web', 'worker'] as const) {
  const [i, w, e] = [idle[name], warm[name], end[name]];
  console.log(
    `  ${name.padEnd(6)} RSS ${mb(i.rss)} idle, ${mb(w.rss)} warm, ${mb(e.rss)} end (${change(w.rss, e.rss)}); ` +
      `heap ${mb(i.heap)}, ${mb(w.heap)}, ${mb(e.heap)} (${change(w.heap, e.heap)}); ` +
      `handles ${i.handles}, ${w.handles}, ${e.handles} (${change(w.handles, e.handles)})`,
  );
}

for (const child of [web.child, worker]) {
  child.kill('SIGTERM');
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}
await deleteRedisKeys(redis);
await db.close();
rmSync(dir, { recursive: true, force: true });
