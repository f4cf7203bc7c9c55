// Upload to saved result on the local engine, for a 12 MP (4000 × 3000) JPEG: normalise and store
// the upload, transform it (style + global colour: options that run no model), store the result. Next to
// it, bare sharp doing the same operations in one pipeline (decode, orient, crop, colour matrix,
// offsets, encode, write), measured in the same run, alternating with ours so both see the same
// machine. Then the same at one libvips thread per image, and a selection with overlays.
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { LocalDiskStorage, LocalImageEngine, storeUpload, type ImageTransformRequest } from '@atelier/media';
import { ms, percentiles, type Timing } from './support';

const RUNS = 30;
const WIDTH = 4000;
const HEIGHT = 3000;

/** A photo-like 12 MP JPEG: smooth gradients with waves and grain, about 3 MB at quality 92. */
async function makeInput(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 1;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) & 15;
      const at = (y * WIDTH + x) * 3;
      pixels[at] = Math.min(255, (x * 200) / WIDTH + grain + Math.sin(x / 300) * 40 + 20);
      pixels[at + 1] = Math.min(255, (y * 200) / HEIGHT + grain + Math.cos(y / 200) * 40 + 20);
      pixels[at + 2] = Math.min(255, ((x + y) * 100) / WIDTH + grain + 30);
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

const directory = mkdtempSync(join(tmpdir(), 'atelier-bench-media-'));
const storage = new LocalDiskStorage(join(directory, 'media'));
const engine = new LocalImageEngine();
const input = await makeInput();

const typical: Omit<ImageTransformRequest, 'image'> = {
  prompt: '',
  selection: {
    // Lighting, format, environment and some camera options find the person first (models.bench.ts).
    style: { id: 'cinematic', name: 'Cinématographique' },
  },
  colors: { global: 'teal' },
};

const withOverlays: Omit<ImageTransformRequest, 'image'> = {
  prompt: '',
  selection: { character: { id: 'angel', name: 'Ange' }, action: { id: 'running', name: 'Course' } },
};

interface Steps {
  normalise: number;
  transform: number;
  total: number;
}

async function ours(request: Omit<ImageTransformRequest, 'image'>): Promise<Steps> {
  const start = performance.now();
  const upload = await storeUpload(storage, input);
  const normalised = performance.now();
  const result = await engine.transform({ ...request, image: await storage.get(upload.key) });
  const transformed = performance.now();
  await storage.put('results', result.image, 'jpg');
  return { normalise: normalised - start, transform: transformed - normalised, total: performance.now() - start };
}

/** The same work as one sharp pipeline: what the media layer would cost with no layer at all. */
async function bare(): Promise<number> {
  const start = performance.now();
  const output = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'truncated', sequentialRead: true })
    .autoOrient()
    .recomb([
      [0.62, 0.33, 0.05],
      [0.1, 0.82, 0.08],
      [0.08, 0.31, 0.61],
    ])
    .linear([1, 1, 1], [22, 18, 12])
    .jpeg({ quality: 90, mozjpeg: false, optimiseCoding: false })
    .toBuffer();
  await writeFile(join(directory, 'bare.jpg'), output);
  return performance.now() - start;
}

function line(label: string, timing: Timing): string {
  return `${label.padEnd(44)} p50 ${ms(timing.p50).padStart(9)}   p95 ${ms(timing.p95).padStart(9)}`;
}

async function compare(threads: number): Promise<void> {
  sharp.concurrency(threads);
  for (let warm = 0; warm < 3; warm += 1) {
    await ours(typical);
    await bare();
  }
  const runs: Steps[] = [];
  const bareRuns: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await ours(typical));
    bareRuns.push(await bare());
  }
  const total = percentiles(runs.map((r) => r.total));
  const alone = percentiles(bareRuns);
  console.log(`\nsharp.concurrency(${threads}), sharp.cache(false), ${RUNS} runs, 4000×3000 JPEG of ${(input.length / 1e6).toFixed(1)} MB`);
  console.log(line('upload → saved result (ours)', total));
  console.log(line('  normalise + store upload', percentiles(runs.map((r) => r.normalise))));
  console.log(line('  transform (style, colour)', percentiles(runs.map((r) => r.transform))));
  console.log(line('bare sharp, same operations, one pipeline', alone));
  console.log(`ratio ours / bare at p50: ${(total.p50 / alone.p50).toFixed(2)}×`);
}

const chosen = sharp.concurrency();
await compare(chosen);
await compare(chosen === 1 ? 2 : 1);

sharp.concurrency(chosen);
const overlayRuns: number[] = [];
for (let run = 0; run < 10; run += 1) overlayRuns.push((await ours(withOverlays)).transform);
console.log(`\n${line('transform with overlays (angel + running), 10 runs', percentiles(overlayRuns))}`);

rmSync(directory, { recursive: true, force: true });
