// Upload to saved result on the local engine, for a 12 MP (4000 × 3000) JPEG, for the options that run
// no model: normalise and store the upload, transform it, store the result. Each render has a seed, as
// every job does (its framing and palette vary a little). Next to each, in the same run and alternating
// with ours so both see the same machine, bare sharp: decoding, orienting and encoding the same picture
// (and writing it), and bare sharp doing the same sharp operations in one pipeline (the seed's slight
// zoom, the colour matrix and offsets), which is what the 1.5× was measured against. Then the
// same at 1 MP, then the colour option at one libvips thread per image. Wall clock and the process's CPU
// time (all its threads) are both printed: on a busy machine the CPU ratio is the steadier one.
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  JPEG_OUTPUT,
  LocalDiskStorage,
  LocalImageEngine,
  storeUpload,
  type ImageTransformRequest,
} from '@atelier/media';
import { ms, percentiles, type Timing } from './support';

const RUNS = { 12: 15, 1: 30 } as const;
const SEED = 7;
/** `BENCH_QUICK=1 npm run bench -- media`: 5 runs per row, for iterating. */
const quick = process.env.BENCH_QUICK === '1';

/** A photo-like JPEG: smooth gradients with waves and grain, about 3 MB at 12 MP and quality 92. */
async function makeInput(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) & 15;
      const at = (y * width + x) * 3;
      pixels[at] = Math.min(255, (x * 200) / width + grain + Math.sin(x / 300) * 40 + 20);
      pixels[at + 1] = Math.min(255, (y * 200) / height + grain + Math.cos(y / 200) * 40 + 20);
      pixels[at + 2] = Math.min(255, ((x + y) * 100) / width + grain + 30);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const directory = mkdtempSync(join(tmpdir(), 'atelier-bench-media-'));
const storage = new LocalDiskStorage(join(directory, 'media'));
const engine = new LocalImageEngine();

/** The options that run no model: a colour, a camera look (grade and drawn overlay), one style per kind of rendering. */
const OPTIONS: { label: string; request: Omit<ImageTransformRequest, 'image'> }[] = [
  { label: 'colour (teal)', request: { prompt: '', selection: {}, colors: { global: 'teal' } } },
  {
    label: 'camera look (tilt-shift)',
    request: { prompt: '', selection: { camera: { id: 'tilt-shift', name: 'Tilt-shift' } } },
  },
  {
    label: 'style, photographic (cinematic)',
    request: {
      prompt: '',
      selection: { style: { id: 'cinematic', name: 'Cinématographique' } },
      colors: { global: 'teal' },
    },
  },
  {
    label: 'style, painted (watercolor)',
    request: { prompt: '', selection: { style: { id: 'watercolor', name: 'Aquarelle' } } },
  },
  {
    label: 'style, toon (cartoon)',
    request: { prompt: '', selection: { style: { id: 'cartoon', name: 'Dessin animé' } } },
  },
  { label: 'style, pixel art', request: { prompt: '', selection: { style: { id: 'pixel-art', name: 'Pixel art' } } } },
];

interface Sample {
  wall: number;
  cpu: number;
}

/** Wall time and the process's CPU time (libvips and style threads included) of one task. */
async function sample(task: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await task();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

async function ours(input: Buffer, request: Omit<ImageTransformRequest, 'image'>): Promise<void> {
  const upload = await storeUpload(storage, input);
  const result = await engine.transform({ ...request, image: await storage.get(upload.key), seed: SEED });
  await storage.put('results', result.image, 'jpg');
}

/** Decode, orient, encode, write: the least any upload-to-result costs. */
async function bare(input: Buffer): Promise<void> {
  const output = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'truncated', sequentialRead: true })
    .autoOrient()
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
  await writeFile(join(directory, 'bare.jpg'), output);
}

/** The same sharp operations as a colour render with a seed, in one pipeline: a 5 % zoom, a colour matrix, offsets. */
async function bareSameOperations(input: Buffer, width: number, height: number): Promise<void> {
  const zoomed = { width: Math.ceil(width * 1.05), height: Math.ceil(height * 1.05) };
  const output = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'truncated', sequentialRead: true })
    .autoOrient()
    .resize(zoomed.width, zoomed.height, { fit: 'cover', kernel: 'lanczos3' })
    .extract({
      left: Math.round((zoomed.width - width) / 2),
      top: Math.round((zoomed.height - height) / 2),
      width,
      height,
    })
    .recomb([
      [0.62, 0.33, 0.05],
      [0.1, 0.82, 0.08],
      [0.08, 0.31, 0.61],
    ])
    .linear([1, 1, 1], [22, 18, 12])
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
  await writeFile(join(directory, 'bare-same.jpg'), output);
}

interface Row {
  wall: Timing;
  cpu: Timing;
}

/** `runs` of ours alternating with each baseline, after one warm-up of each. */
async function measure(
  input: Buffer,
  runs: number,
  tasks: Record<string, () => Promise<void>>,
): Promise<Record<string, Row>> {
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(tasks).map((name) => [name, []]));
  for (const task of Object.values(tasks)) await task();
  for (let run = 0; run < runs; run += 1)
    for (const [name, task] of Object.entries(tasks)) samples[name]?.push(await sample(task));
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      { wall: percentiles(list.map((s) => s.wall)), cpu: percentiles(list.map((s) => s.cpu)) },
    ]),
  );
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`.padStart(7);
const line = (label: string, row: Row, bareRow?: Row, sameRow?: Row) =>
  `${label.padEnd(34)} p50 ${ms(row.wall.p50).padStart(10)}  p95 ${ms(row.wall.p95).padStart(10)}  cpu ${ms(row.cpu.p50).padStart(10)}` +
  (bareRow ? `  ${ratio(row.wall.p50, bareRow.wall.p50)} bare (cpu ${ratio(row.cpu.p50, bareRow.cpu.p50)})` : '') +
  (sameRow ? `  ${ratio(row.wall.p50, sameRow.wall.p50)} same operations` : '');

/** Each option's upload-to-result p50 over bare sharp's, at 12 MP: the figure. */
const headline: string[] = [];

async function sizeRun(megapixels: 12 | 1, width: number, height: number): Promise<void> {
  const input = await makeInput(width, height);
  const runs = quick ? 5 : RUNS[megapixels];
  console.log(
    `\n${megapixels} MP: ${width}×${height} JPEG of ${(input.length / 1e6).toFixed(1)} MB, sharp.concurrency(${sharp.concurrency()}), ${runs} runs; upload → saved result, seed ${SEED}`,
  );
  for (const [index, { label, request }] of OPTIONS.entries()) {
    // The colour option is also timed against bare sharp doing its same operations.
    const rows = await measure(input, runs, {
      ours: () => ours(input, request),
      bare: () => bare(input),
      ...(index === 0 ? { same: () => bareSameOperations(input, width, height) } : {}),
    });
    const { ours: row, bare: bareRow, same: sameRow } = rows;
    if (!row || !bareRow) continue;
    if (index === 0) console.log(line('bare sharp: decode, orient, encode', bareRow));
    if (sameRow) console.log(line('bare sharp: same operations', sameRow, bareRow));
    console.log(line(label, row, bareRow, sameRow));
    if (megapixels === 12)
      headline.push(
        `${label} ${(row.wall.p50 / bareRow.wall.p50).toFixed(1)}× (cpu ${(row.cpu.p50 / bareRow.cpu.p50).toFixed(1)}×)`,
      );
  }
}

await sizeRun(12, 4000, 3000);
await sizeRun(1, 1155, 866);
console.log(
  `\nno-model options, upload → saved result p50 at 12 MP over bare sharp's (decode, orient, encode), same run:\n  ${headline.join('\n  ')}`,
);

if (!quick) {
  const chosen = sharp.concurrency();
  sharp.concurrency(1);
  const input = await makeInput(4000, 3000);
  const colour = OPTIONS[0];
  if (colour) {
    const rows = await measure(input, RUNS[12], {
      ours: () => ours(input, colour.request),
      bare: () => bare(input),
      same: () => bareSameOperations(input, 4000, 3000),
    });
    if (rows.ours && rows.bare && rows.same)
      console.log(`\nsharp.concurrency(1), 12 MP\n${line('colour (teal)', rows.ours, rows.bare, rows.same)}`);
  }
  sharp.concurrency(chosen);
}

rmSync(directory, { recursive: true, force: true });
