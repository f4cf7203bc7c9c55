// Public feed and gallery reads with 10,000 posts, over loopback HTTP against the real app:
// requests per second and p95 for a page many clients read (answered from the body last sent
// under the same list version), for an unchanged poll (304 from memory), and for a walk through
// every page (each one a real query). On MySQL/MariaDB when MYSQL_URL is set (the target's setting), else on SQLite.
// The load comes from a worker thread, so the server's event loop has its own core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { GalleryItem, User } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import { listeningApp, localMedia, ms, percentiles, publishedPost, signUp } from './support';

const POSTS = 10_000;
const AUTHORS = 100;
const REQUESTS = 4000;
const CONCURRENCY = 32;

const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const db = await openTestDatabase(target);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-feed-'));
const { app, base } = await listeningApp({
  orm: db.orm,
  media: localMedia(dir),
});

// One reader with an account; 100 authors with 100 published posts each.
const { cookie, userId: readerId } = await signUp(base, {
  email: 'reader@example.fr',
  firstName: 'Lou',
  lastName: 'Lecteur',
});
const em = db.orm.em.fork();
const authorIds: number[] = [readerId];
for (let a = 1; a < AUTHORS; a += 1) {
  authorIds.push(
    await em.insert(User, {
      email: `author${a}@example.fr`,
      passwordHash: 'x',
      firstName: 'Auteur',
      lastName: `N${a}`,
      username: `author${a}`,
      credits: 0,
      createdAt: new Date(),
    }),
  );
}
const start = Date.now() - POSTS * 60_000;
for (let batch = 0; batch < POSTS; batch += 1000) {
  await em.insertMany(
    GalleryItem,
    Array.from({ length: 1000 }, (_, i) => publishedPost(batch + i, authorIds[(batch + i) % AUTHORS]!, start)),
  );
}

/** Runs `REQUESTS` GETs of one URL from a worker thread; returns its figures. */
function load(
  url: string,
  headers: Record<string, string>,
  expectStatus: number,
): Promise<{ perSecond: number; p50: number; p95: number; bad: number }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, headers, total, concurrency, expectStatus } = workerData;
    let sent = 0, bad = 0; const samples = [];
    const t0 = performance.now();
    Promise.all(Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent += 1;
        const s = performance.now();
        const r = await fetch(url, { headers });
        await r.arrayBuffer();
        if (r.status !== expectStatus) bad += 1;
        samples.push(performance.now() - s);
      }
    })).then(() => {
      samples.sort((a, b) => a - b);
      const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
      parentPort.postMessage({ perSecond: total / ((performance.now() - t0) / 1000), p50: at(0.5), p95: at(0.95), bad });
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { url, headers, total: REQUESTS, concurrency: CONCURRENCY, expectStatus },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const report = (label: string, r: Awaited<ReturnType<typeof load>>) =>
  console.log(
    `${label}: ${r.perSecond.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}${r.bad ? ` (${r.bad} unexpected statuses)` : ''}`,
  );

console.log(
  `${target.name}, ${POSTS} published posts by ${AUTHORS} authors, ${REQUESTS} requests, ${CONCURRENCY} concurrent`,
);
const feedUrl = `${base}/api/feed/public?limit=20`;
report('GET /api/feed/public (visitor, page of 20)', await load(feedUrl, {}, 200));
report('GET /api/feed/public (signed in, isLiked)', await load(feedUrl, { cookie }, 200));
const feedTag = (await fetch(feedUrl)).headers.get('etag') ?? '';
report('GET /api/feed/public unchanged poll (304)', await load(feedUrl, { 'if-none-match': feedTag }, 304));

// Every page once, following nextCursor: each answer is a real query (no cached body to reuse).
const walk: number[] = [];
let cursor: string | null = null;
do {
  const started = performance.now();
  const response: Response = await fetch(`${feedUrl}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { cookie } });
  cursor = ((await response.json()) as { nextCursor: string | null }).nextCursor;
  walk.push(performance.now() - started);
} while (cursor);
const walked = percentiles(walk);
console.log(
  `walking all ${walk.length} pages, one client, every page queried: p50 ${ms(walked.p50)}, p95 ${ms(walked.p95)}, ${(walk.length / (walk.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} pages/s`,
);

const galleryUrl = `${base}/api/gallery/${readerId}?limit=20`;
report('GET /api/gallery/:id (own, page of 20)', await load(galleryUrl, { cookie }, 200));
const galleryTag = (await fetch(galleryUrl, { headers: { cookie } })).headers.get('etag') ?? '';
report(
  'GET /api/gallery/:id unchanged poll (304)',
  await load(galleryUrl, { cookie, 'if-none-match': galleryTag }, 304),
);

await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
