// The model runtime on the portrait photograph (../shared/photos/astronaut.jpg): each model's load
// time in a fresh thread, the analysis (person matte, faces, pose) at 1 MP and 12 MP, the faces and
// pose alone, each category whose options use them through the engine, the HD enlargement (ESRGAN)
// at the largest source it runs on (and what one tile costs at each factor and tile size, on one thread and two), the process's peak memory, and the event loop's lag while the models run, next to its
// lag while idle in the same run (on a shared machine the scheduler alone adds to every figure).
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  analyseSubject,
  estimatePose,
  findFaces,
  isMediaError,
  LocalImageEngine,
  matte,
  ModelRuntime,
  SUPER_RESOLUTION_MAX_PIXELS,
  superResolve,
  workingImage,
  type SuperResolutionFactor,
} from '@atelier/media';
import { lagDuring } from '../../packages/media/test/support/event-loop';
import { ms, timeEach } from './support';

const RUNS = 5;
const photo = await readFile(new URL('../../../shared/photos/astronaut.jpg', import.meta.url));
const megapixels = async (count: number) => {
  const side = Math.round(Math.sqrt(count * 1_000_000));
  return sharp(photo).resize(side, side, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
};

{
  const runtime = new ModelRuntime({ threads: 1 });
  const { working } = await workingImage(photo);
  // One 32 × 32 tile: the first run is mostly the model's loading.
  const tile = { data: working.data.subarray(0, 32 * 32 * 3), width: 32, height: 32 };
  for (const [name, run] of [
    ['matting (RVM)', () => matte(runtime, working)],
    ['faces (BlazeFace + Face Mesh)', () => findFaces(runtime, working)],
    ['pose (MoveNet Lightning)', () => estimatePose(runtime, working)],
    ['ESRGAN slim ×2 (32 × 32)', () => superResolve(runtime, tile, 2)],
    ['ESRGAN slim ×3 (32 × 32)', () => superResolve(runtime, tile, 3)],
    ['ESRGAN slim ×4 (32 × 32)', () => superResolve(runtime, tile, 4)],
  ] as const) {
    const started = performance.now();
    await run();
    console.log(`first run, model loaded in the thread: ${name.padEnd(30)} ${ms(performance.now() - started)}`);
  }
  await runtime.close();
}

// ESRGAN's cost: the model threads' own CPU time per megapixel of source (what an idle machine
// would take, summed over its threads), by factor and tile side, on a 512 × 512 source; then one
// picture's tiles on one thread and on two, wall clock (the load changes it, not the ratio's sense).
{
  const rgb = async (side: number) => {
    const { data, info } = await sharp(photo)
      .resize(side, side)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const source = await rgb(512);
  const megapixelsOf = (image: { width: number; height: number }) => (image.width * image.height) / 1_000_000;
  const one = new ModelRuntime({ threads: 1 });
  for (const factor of [2, 3, 4] as SuperResolutionFactor[]) {
    await superResolve(one, source, factor);
    for (const tileSide of [128, 256]) {
      const tiles = Math.ceil(source.width / tileSide) * Math.ceil(source.height / tileSide);
      const started = performance.now();
      const { cpuMs } = await superResolve(one, source, factor, { tileSide });
      const wall = performance.now() - started;
      console.log(
        `ESRGAN ×${factor}, ${tileSide} px tiles: CPU ${ms(cpuMs / tiles)} a tile, ${(cpuMs / 1000 / megapixelsOf(source)).toFixed(1)} s a source MP; wall ${ms(wall / tiles)} a tile`,
      );
    }
  }
  const two = new ModelRuntime({ threads: 2 });
  const picture = await rgb(1000);
  for (const [label, runtime] of [
    ['one thread', one],
    ['two threads', two],
  ] as const) {
    await superResolve(runtime, source, 2);
    const started = performance.now();
    const { cpuMs } = await superResolve(runtime, picture, 2);
    console.log(`ESRGAN ×2 of 1 MP on ${label.padEnd(11)}: wall ${ms(performance.now() - started)}, CPU ${ms(cpuMs)}`);
  }
  await Promise.all([one.close(), two.close()]);
}

const runtime = new ModelRuntime({ threads: 2 });
await analyseSubject(runtime, photo);
for (const size of [1, 12]) {
  const image = await megapixels(size);
  const whole = await timeEach(RUNS, () => analyseSubject(runtime, image));
  const withoutMatte = await timeEach(RUNS, () => analyseSubject(runtime, image, { matte: false }));
  console.log(`${String(size).padStart(2)} MP  matte + faces + pose  p50 ${ms(whole.p50)}  p95 ${ms(whole.p95)}`);
  console.log(
    `${String(size).padStart(2)} MP  faces + pose          p50 ${ms(withoutMatte.p50)}  p95 ${ms(withoutMatte.p95)}`,
  );
}

// The options that find the person, through the engine, each render on an engine of its own (an
// engine keeps the analysis of the uploads it saw, which later renders of the same upload reuse).
const CATEGORY_OPTIONS = [
  ['Taille (16:9)', { format: { id: 'widescreen-16-9', name: 'Écran large 16:9' } }],
  ['Angle (bokeh)', { camera: { id: 'bokeh', name: 'Bokeh' } }],
  ['Lumière (split light)', { lighting: { id: 'split-light', name: 'Éclairage divisé' } }],
  ['HD (×2)', { upscale: { id: 'upscale-2x', name: 'Agrandir ×2' } }],
  ['HD (face restoration)', { upscale: { id: 'face-restore', name: 'Restauration de visage' } }],
] as const;
for (const size of [1, 12]) {
  const image = await megapixels(size);
  for (const [label, selection] of CATEGORY_OPTIONS) {
    const timing = await timeEach(3, () =>
      new LocalImageEngine({ models: runtime }).transform({ image, prompt: '', selection }),
    ).catch((error: unknown) => {
      // A named enlargement past the output bounds (×2 of 12 MP) is refused, as a member is told.
      if (isMediaError(error) && error.code === 'VALIDATION') return null;
      throw error;
    });
    if (!timing) {
      console.log(`${String(size).padStart(2)} MP  ${label.padEnd(22)} refused: past the output bounds`);
      continue;
    }
    const engine = new LocalImageEngine({ models: runtime });
    await engine.transform({ image, prompt: '', selection });
    const again = await timeEach(3, () => engine.transform({ image, prompt: '', selection, seed: 2 }));
    console.log(
      `${String(size).padStart(2)} MP  ${label.padEnd(22)} p50 ${ms(timing.p50)}  p95 ${ms(timing.p95)}   same upload again p50 ${ms(again.p50)}`,
    );
  }
}

// HD at the largest sources the models enlarge (engines/local/enlarge.ts): ×2 up to the pixel
// limit, ×4 up to what the 16 MP output bound leaves it (4 × 4 × 1 MP). One run each: a minute or so.
const sourceOf = async (side: number) => sharp(photo).resize(side, side).jpeg({ quality: 90 }).toBuffer();
for (const [label, side, upscale] of [
  ['×2', Math.floor(Math.sqrt(SUPER_RESOLUTION_MAX_PIXELS)), { id: 'upscale-2x', name: 'Agrandir ×2' }],
  ['×4', 1000, { id: 'upscale-4x', name: 'Agrandir ×4' }],
] as const) {
  const image = await sourceOf(side);
  const started = performance.now();
  await new LocalImageEngine({ models: runtime }).transform({ image, prompt: '', selection: { upscale } });
  console.log(
    `${side} × ${side}  HD ${label} (ESRGAN on two threads)  ${ms(performance.now() - started)}  (load ${loadavg()[0]?.toFixed(1)})`,
  );
}

async function lagWhile(task: () => Promise<unknown>) {
  const lag = await lagDuring(task);
  return `p99 ${ms(lag.p99)}  max ${ms(lag.max)}  (the main thread's own p99 ${ms(lag.stallP99)})`;
}
const image = await megapixels(12);
console.log(
  `event loop lag, idle 3 s:                ${await lagWhile(() => new Promise((resolve) => setTimeout(resolve, 3000)))}`,
);
console.log(
  `event loop lag, 12 MP analysis × 2:      ${await lagWhile(() => Promise.all([analyseSubject(runtime, image), analyseSubject(runtime, image)]))}`,
);
console.log(
  `event loop lag, HD ×2 (ESRGAN) at 1 MP:  ${await lagWhile(async () => new LocalImageEngine({ models: runtime }).transform({ image: await megapixels(1), prompt: '', selection: { upscale: { id: 'upscale-2x', name: '' } } }))}`,
);
console.log(`peak memory (RSS, process and its threads): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await runtime.close();
