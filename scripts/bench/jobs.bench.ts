// What a generation job costs around the engine, and how fast its progress reaches a client.
// 1. A 1 MP and a 12 MP studio transformation through the job system (REST call → job row and credit hold →
//    queue → engine → stored result → settled → answer) against the same engine call and storage
//    write made directly, alternating in one run: the added p50 and the ratio.
// 2. From the moment an engine reports progress to the moment the matching server-sent event
//    arrives at an HTTP client of /api/jobs/{id}/events: p50 and p95.
// On MySQL/MariaDB when MYSQL_URL is set, else on SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { User } from '@atelier/db';
import { openTestDatabase } from '@atelier/db/testing';
import {
  DiskRenderStore,
  LocalDiskStorage,
  LocalImageEngine,
  LocalVideoEngine,
  RenderCache,
  type VideoEngine,
} from '@atelier/media';
import sharp from 'sharp';
import { listeningApp, ms, percentiles, signUp } from './support';

/** Runs per size: the 12 MP engine call takes about a second. */
const RUNS = { '1 MP': 40, '12 MP': 10 };
const PROGRESS_STEPS = 12;

/** A photo-like JPEG: gradients and waves. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128 + Math.sin((x + y) / 40) * 60;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Stands in for a long engine: reports its progress in steps, recording when it reported each. */
const reported = new Map<number, number>();
const steppingEngine: VideoEngine = {
  name: 'local',
  async generate(request) {
    for (let step = 1; step <= PROGRESS_STEPS; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      reported.set(step, performance.now());
      request.onProgress?.(step / PROGRESS_STEPS);
    }
    return new LocalVideoEngine().generate(request);
  },
};

const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const db = await openTestDatabase(target);
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-jobs-'));
const storage = new LocalDiskStorage(join(dir, 'media'));
const engine = new LocalImageEngine();
const { app, base } = await listeningApp({
  orm: db.orm,
  media: {
    storage,
    renders: new RenderCache(new DiskRenderStore(join(dir, 'renders'))),
    images: engine,
    videos: steppingEngine,
  },
});
const { cookie, userId } = await signUp(base, { email: 'bench@example.fr', firstName: 'Léo', lastName: 'Banc' });
await db.orm.em.fork().nativeUpdate(User, { id: userId }, { credits: 1_000_000 });

const selection = { style: { id: 'watercolor', name: '' }, lighting: { id: 'golden-hour', name: '' } };

interface Uploaded {
  id: number;
  /** Its storage key. */
  key: string;
}

async function uploaded(image: Buffer): Promise<Uploaded> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('selection', JSON.stringify(selection));
  const upload = (await (
    await fetch(`${base}/api/upload`, { method: 'POST', headers: { cookie }, body: form })
  ).json()) as { id: number; imagePath: string };
  return { id: upload.id, key: upload.imagePath.replace('/api/media/', '') };
}

/** What the job wraps, called directly: the source read from storage, the engine, the result stored. */
async function direct(key: string): Promise<number> {
  const start = performance.now();
  const { image } = await engine.transform({ image: await storage.get(key), prompt: '', selection, seed: 1 });
  await storage.put('results', image, 'jpg');
  return performance.now() - start;
}

/** The same through the REST call: session, job, hold, queue, engine, storage, settlement, answer. */
async function asJob(uploadId: number): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}/api/transform/${uploadId}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{"seed":1}',
  });
  if (response.status !== 200) throw new Error(`transform answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - start;
}

let upload: Uploaded = { id: 0, key: '' };
for (const [size, [width, height]] of [
  ['1 MP', [1200, 900]],
  ['12 MP', [4000, 3000]],
] as const) {
  upload = await uploaded(await photo(width, height));
  await direct(upload.key);
  await asJob(upload.id);
  const directTimes: number[] = [];
  const jobTimes: number[] = [];
  for (let run = 0; run < RUNS[size]; run += 1) {
    directTimes.push(await direct(upload.key));
    jobTimes.push(await asJob(upload.id));
  }
  const bare = percentiles(directTimes);
  const job = percentiles(jobTimes);
  console.log(`${size} transformation, ${RUNS[size]} runs each, ${target.name}:`);
  console.log(`  engine + storage directly   p50 ${ms(bare.p50)}  p95 ${ms(bare.p95)}`);
  console.log(`  as a job, over HTTP          p50 ${ms(job.p50)}  p95 ${ms(job.p95)}`);
  console.log(
    `  added by the job             p50 ${ms(job.p50 - bare.p50)} (${(((job.p50 - bare.p50) / bare.p50) * 100).toFixed(1)} %)`,
  );
}

// Progress: one video job whose engine reports PROGRESS_STEPS times; each report is matched with
// the event carrying its percentage.
const accepted = await fetch(`${base}/api/generate-video`, {
  method: 'POST',
  headers: { cookie, 'content-type': 'application/json', prefer: 'respond-async' },
  body: JSON.stringify({ imageUrl: `/api/media/${upload.key}` }),
});
const { jobId } = (await accepted.json()) as { jobId: number };
const stream = await fetch(`${base}/api/jobs/${jobId}/events`, { headers: { cookie } });
const arrivals: number[] = [];
const decoder = new TextDecoder();
let buffered = '';
for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
  const now = performance.now();
  buffered += decoder.decode(chunk, { stream: true });
  const events = buffered.split('\n\n');
  buffered = events.pop() ?? '';
  for (const event of events) {
    const data = event.split('data: ')[1];
    if (!data) continue;
    const snapshot = JSON.parse(data) as { stage: string; progress: number };
    if (snapshot.stage !== 'Animation en cours' || snapshot.progress <= 20) continue;
    // The job maps the engine's 0–1 onto 20–88 %: find the report this percentage came from.
    const step = Math.round(((snapshot.progress - 20) / 68) * PROGRESS_STEPS);
    const at = reported.get(step);
    if (at !== undefined) arrivals.push(now - at);
  }
}
const latency = percentiles(arrivals);
console.log(
  `Engine progress report → server-sent event at the client (${arrivals.length} events): p50 ${ms(latency.p50)}  p95 ${ms(latency.p95)}`,
);

await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
