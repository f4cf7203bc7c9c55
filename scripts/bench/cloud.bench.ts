// The cloud engine against the project's fake Replicate (which validates every input against the
// models' published schemas):
// 1. Per chain, on a 12 MP photo: predictions made, and bytes sent to the API per generation (JSON
//    bodies and Files API uploads), beside what the engine before the registry sent inline for
//    the same photo (one data URI of its 2048 px JPEG, echoed back by every poll and webhook).
// 2. What a job adds around a cloud step: a REST transformation through the job system against
//    the same engine call and storage write made directly, alternating in one run.
// On MySQL/MariaDB when MYSQL_URL is set, else on SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Selection } from '@atelier/catalog';
import { User } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import {
  DiskRenderStore,
  INLINE_INPUT_MAX_BYTES,
  LocalDiskStorage,
  ReplicateImageEngine,
  ReplicateVideoEngine,
  RenderCache,
  replicateCloud,
} from '@atelier/media';
import { startFakeReplicate } from '@atelier/media/testing';
import sharp from 'sharp';
import { listeningApp, ms, percentiles, signUp } from './support';

const RUNS = 30;

/** A 12 MP photo-like JPEG: gradients under sensor-like noise, which compresses as a phone photo does. */
async function photo(width: number, height: number): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f8c471"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2.5}" r="${height / 4}" fill="#e07a5f"/></svg>`,
  );
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .raw()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const fake = await startFakeReplicate();
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer();
const defaultOutput = { body: await picture(1024, 768), contentType: 'image/jpeg' };
const outputFor = async (model: string) =>
  model === 'topazlabs/image-upscale' ? { body: await picture(2048, 1536), contentType: 'image/jpeg' } : defaultOutput;
const cloud = replicateCloud({ token: fake.token, baseUrl: fake.baseUrl, pollIntervalMs: 5 });
const engine = new ReplicateImageEngine(cloud);

const twelve = await photo(4000, 3000);
const inlineBefore =
  `data:image/jpeg;base64,${(await sharp(twelve).resize(2048, 2048, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer()).toString('base64')}`
    .length;
const option = (id: string) => ({ id, name: '' });
const chains: [string, Selection][] = [
  ['style', { style: option('watercolor') }],
  ['environment alone', { environment: option('paris') }],
  ['viewpoint', { camera: option('low-angle') }],
  ['format 16:9', { format: option('widescreen-16-9') }],
  ['Portrait HD', { upscale: option('portrait-enhance') }],
  [
    'style + viewpoint + 16:9 + Portrait HD',
    {
      style: option('watercolor'),
      camera: option('low-angle'),
      format: option('widescreen-16-9'),
      upscale: option('portrait-enhance'),
    },
  ],
];
console.log(
  `Per generation on a 12 MP photo (${(twelve.length / 1e6).toFixed(1)} MB JPEG); the engine before sent one prediction with a ${(inlineBefore / 1e6).toFixed(2)} MB data URI:`,
);
for (const [name, selection] of chains) {
  fake.reset();
  fake.outputFor = outputFor;
  await engine.transform({ image: twelve, prompt: '', selection, seed: 1 });
  const sent = fake.requests.filter((request) => request.method === 'POST');
  const files = sent.filter((request) => request.path === '/v1/files');
  const largestJson = Math.max(
    ...sent.filter((request) => request.path.endsWith('/predictions')).map((request) => request.bytes),
  );
  console.log(
    `  ${name.padEnd(34)} ${fake.predictions().length} predictions, ${(sent.reduce((sum, request) => sum + request.bytes, 0) / 1e6).toFixed(2)} MB sent` +
      ` (${files.length} Files API upload${files.length === 1 ? '' : 's'}; largest prediction body ${(largestJson / 1e3).toFixed(1)} kB, inline limit ${INLINE_INPUT_MAX_BYTES / 1e6} MB)`,
  );
}

// The job's overhead around one cloud step, at 1 MP.
const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const db = await openTestDatabase(target);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-cloud-'));
const storage = new LocalDiskStorage(join(dir, 'media'));
const { app, base } = await listeningApp({
  orm: db.orm,
  media: {
    storage,
    renders: new RenderCache(new DiskRenderStore(join(dir, 'renders'))),
    images: engine,
    videos: new ReplicateVideoEngine(cloud),
  },
});
const { cookie, userId } = await signUp(base, { email: 'bench-cloud@example.fr', firstName: 'Léo', lastName: 'Nuage' });
await db.orm.em.fork().nativeUpdate(User, { id: userId }, { credits: 1_000_000 });
const selection = { style: option('watercolor') };
const form = new FormData();
form.append('image', new Blob([new Uint8Array(await photo(1200, 900))], { type: 'image/jpeg' }), 'photo.jpg');
form.append('selection', JSON.stringify(selection));
const upload = (await (
  await fetch(`${base}/api/upload`, { method: 'POST', headers: { cookie }, body: form })
).json()) as { id: number; imagePath: string };
const key = upload.imagePath.replace('/api/media/', '');

async function direct(): Promise<number> {
  const start = performance.now();
  const { image } = await engine.transform({ image: await storage.get(key), prompt: '', selection, seed: 1 });
  await storage.put('results', image, 'jpg');
  return performance.now() - start;
}

async function asJob(): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}/api/transform/${upload.id}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{"seed":1}',
  });
  if (response.status !== 200) throw new Error(`transform answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - start;
}

fake.reset();
fake.outputFor = outputFor;
await direct();
await asJob();
const directTimes: number[] = [];
const jobTimes: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  directTimes.push(await direct());
  jobTimes.push(await asJob());
}
const bare = percentiles(directTimes);
const job = percentiles(jobTimes);
console.log(`One cloud step (1 MP, fake Replicate on loopback, polled every 5 ms), ${RUNS} runs each, ${target.name}:`);
console.log(`  engine + storage directly   p50 ${ms(bare.p50)}  p95 ${ms(bare.p95)}`);
console.log(`  as a job, over HTTP          p50 ${ms(job.p50)}  p95 ${ms(job.p95)}`);
console.log(
  `  added by the job             p50 ${ms(job.p50 - bare.p50)} (${(((job.p50 - bare.p50) / bare.p50) * 100).toFixed(1)} %)`,
);

await app.close();
await db.close();
await fake.close();
rmSync(dir, { recursive: true, force: true });
