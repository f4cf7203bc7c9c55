// Each category the local engine renders, one representative option each, on the
// portrait photograph (../shared/photos/astronaut.jpg) enlarged to 1 MP and 12 MP: upload bytes in,
// result JPEG out, p50 and p95, next to bare sharp decoding and encoding the same picture in the
// same run (the options that run no model should stay near 1.5× bare sharp at 12 MP). Every render
// gets an engine of its own, so the options that find the person pay for their analysis each time.
// Then the models' load time, the event loop's lag during each category's 12 MP renders (wall clock,
// and the part the main thread's own running explains), and the process's peak memory.
// `BENCH_CATEGORIES=style npm run bench -- categories` times only the categories named (comma-separated).
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { type CategoryId, type Selection } from '@atelier/catalog';
import { LocalImageEngine, matte, ModelRuntime, workingImage } from '@atelier/media';
import sharp from 'sharp';
import { lagDuring, type Lag } from '../../packages/media/test/support/event-loop';
import { ms, timeEach, type Timing } from './support';

const RUNS = { 1: 5, 12: 3 } as const;
/** One option per category the local engine renders (the others are the cloud engine's), as a user would pick it. */
const REPRESENTATIVE: Partial<Record<CategoryId, string>> = {
  style: 'watercolor',
  lighting: 'golden-hour',
  camera: 'bokeh',
  format: 'widescreen-16-9',
  upscale: 'upscale-2x',
};

const TIMED = (Object.keys(REPRESENTATIVE) as CategoryId[]).filter(
  (category) => !process.env.BENCH_CATEGORIES || process.env.BENCH_CATEGORIES.split(',').includes(category),
);

const photo = await readFile(new URL('../../../shared/photos/astronaut.jpg', import.meta.url));
const atMegapixels = (count: 1 | 12) => {
  const side = Math.round(Math.sqrt(count * 1_000_000));
  return sharp(photo).resize(side, side, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
};

/** Peak heap and external (image buffers) memory, sampled while the bench runs. */
const peak = { heap: 0, external: 0 };
const sampling = setInterval(() => {
  const { heapUsed, external } = process.memoryUsage();
  peak.heap = Math.max(peak.heap, heapUsed);
  peak.external = Math.max(peak.external, external);
}, 50);

// Load time: each model's first run in a fresh thread, less the same run once loaded.
{
  const fresh = new ModelRuntime({ threads: 1 });
  const { working } = await workingImage(photo);
  const first = performance.now();
  await matte(fresh, working);
  const firstMs = performance.now() - first;
  const again = await timeEach(3, () => matte(fresh, working));
  console.log(
    `matting model (RVM): first run ${ms(firstMs)}, loaded ${ms(again.p50)}: load ≈ ${ms(firstMs - again.p50)}`,
  );
  await fresh.close();
}

const runtime = new ModelRuntime({ threads: 2 });
const render = (image: Buffer, selection: Selection) =>
  new LocalImageEngine({ models: runtime }).transform({ image, prompt: '', selection });
// The other models load on the first analysis, before anything is timed.
await render(await atMegapixels(1), {
  lighting: { id: 'golden-hour', name: 'Heure dorée' },
  camera: { id: 'close-up', name: 'Gros plan' },
});

const bare = (image: Buffer) => sharp(image).autoOrient().jpeg({ quality: 90 }).toBuffer();
const row = (label: string, timing: Timing, baseline: Timing) =>
  `${label.padEnd(30)} p50 ${ms(timing.p50).padStart(10)}  p95 ${ms(timing.p95).padStart(10)}  ${(timing.p50 / baseline.p50).toFixed(1).padStart(6)}× bare`;
const lagRow = (lag: Lag) =>
  `lag p99 ${ms(lag.p99).padStart(9)}  max ${ms(lag.max).padStart(9)}  main thread's own p99 ${ms(lag.stallP99).padStart(8)}  max ${ms(lag.stallMax).padStart(9)}`;

const lags: [string, Lag][] = [];
for (const size of [1, 12] as const) {
  const image = await atMegapixels(size);
  const baseline = await timeEach(RUNS[size], () => bare(image));
  console.log(`\n${size} MP (${RUNS[size]} runs each)`);
  console.log(row('bare sharp (decode, encode)', baseline, baseline));
  for (const category of TIMED) {
    const id = REPRESENTATIVE[category]!;
    const selection = { [category]: { id, name: id } };
    let timing: Timing | undefined;
    const lag = await lagDuring(async () => {
      timing = await timeEach(RUNS[size], () => render(image, selection));
    });
    if (size === 12) lags.push([`${category} (${id})`, lag]);
    if (timing) console.log(row(`${category} (${id})`, timing, baseline));
  }
}

console.log('\nevent loop during the 12 MP renders');
for (const [label, lag] of lags) console.log(`${label.padEnd(30)} ${lagRow(lag)}`);
console.log(
  `\nidle event loop over 3 s, for comparison: ${lagRow(await lagDuring(() => new Promise((resolve) => setTimeout(resolve, 3000))))}`,
);

clearInterval(sampling);
await runtime.close();
console.log(
  `peak memory: RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (process and its threads), JS heap ${(peak.heap / 2 ** 20).toFixed(0)} MB, buffers ${(peak.external / 2 ** 20).toFixed(0)} MB`,
);
