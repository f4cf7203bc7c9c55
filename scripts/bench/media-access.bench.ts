// Media requests at 30, then 50,000, then 30 public posts again, in the same run (the third row
// shows what the machine's own drift is): a published result fetched by a visitor, and a private
// upload fetched by its owner (which every public lookup misses first). Access is checked by
// indexed keys, so the figures should stay flat as the posts grow. Over
// loopback HTTP against the real server; on MySQL/MariaDB when MYSQL_URL is set, else on SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { GalleryItem, Upload } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import { listeningApp, load, localMedia, ms, publishedPost, signUp } from './support';

const SIZES = [30, 50_000, 30];
const REQUESTS = 2000;
const CONCURRENCY = 16;
const BATCH = 2000;

const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const db = await openTestDatabase(target);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-media-access-'));
const media = localMedia(dir);
const { app, base } = await listeningApp({ orm: db.orm, media });

const { cookie, userId } = await signUp(base, { email: 'proprio@example.fr', firstName: 'Paul', lastName: 'Proprio' });
const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a6' } })
  .jpeg()
  .toBuffer();
const resultKey = await media.storage.put('results', picture, 'jpg');
const uploadKey = await media.storage.put('uploads', picture, 'jpg');
const em = db.orm.em.fork();
await em.insert(Upload, {
  owner: userId,
  storageKey: uploadKey,
  size: picture.length,
  mime: 'image/jpeg',
  width: 320,
  height: 240,
  createdAt: new Date(),
});
// The published result sits among the others, not first nor last.
await em.insert(GalleryItem, {
  ...publishedPost(0, userId, Date.now()),
  transformedImagePath: `/api/media/${resultKey}`,
});

const cases: { label: string; url: string; headers: Record<string, string> }[] = [
  { label: 'a published result, by a visitor', url: `${base}/api/media/${resultKey}`, headers: {} },
  { label: 'a private upload, by its owner', url: `${base}/api/media/${uploadKey}`, headers: { cookie } },
];
const start = Date.now() - 60 * 60_000;
let posts = 1;
const rates: Record<string, number[]> = {};
// Connections, caches and the JIT warmed before the first figure.
for (const { url, headers } of cases)
  await load(300, CONCURRENCY, () => fetch(url, { headers }).then((r) => r.arrayBuffer()));
let lastOfFirst = Number.POSITIVE_INFINITY;
for (const size of SIZES) {
  if (size < posts) {
    await db.orm.em.fork().nativeDelete(GalleryItem, { id: { $gt: lastOfFirst } });
    posts = size;
  }
  while (posts < size) {
    const count = Math.min(BATCH, size - posts);
    await db.orm.em.fork().insertMany(
      GalleryItem,
      Array.from({ length: count }, (_, n) => publishedPost(posts + n, userId, start)),
    );
    posts += count;
  }
  if (lastOfFirst === Number.POSITIVE_INFINITY)
    lastOfFirst = (await db.orm.em.fork().findOneOrFail(GalleryItem, { owner: userId }, { orderBy: { id: 'desc' } }))
      .id;
  console.log(`${size.toLocaleString('en')} public posts (${target.name}):`);
  for (const { label, url, headers } of cases) {
    const figures = await load(REQUESTS, CONCURRENCY, async () => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    });
    (rates[label] ??= []).push(figures.perSecond);
    console.log(
      `  ${label}: ${figures.perSecond.toFixed(0)} req/s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)} (${CONCURRENCY} concurrent)`,
    );
  }
}
for (const [label, [few, many, fewAgain]] of Object.entries(rates))
  console.log(
    `${label}: at 50,000 posts ${((200 * many!) / (few! + fewAgain!)).toFixed(0)} % of the mean rate at 30 (before and after)`,
  );

await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
