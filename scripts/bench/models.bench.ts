// The model runtime on the portrait photograph (../shared/photos/astronaut.jpg): each model's load
// time in a fresh thread, the analysis (person matte, faces, pose) at 1 MP and 12 MP, the faces and
// pose alone, each category whose options use them through the engine, the process's peak memory, and the event loop's lag while the models run, next to its
// lag while idle in the same run (on a shared machine the scheduler alone adds to every figure).
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { analyseSubject, estimatePose, findFaces, LocalImageEngine, matte, ModelRuntime, workingImage } from '@atelier/media';
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
  for (const [name, run] of [
    ['matting (RVM)', () => matte(runtime, working)],
    ['faces (BlazeFace + Face Mesh)', () => findFaces(runtime, working)],
    ['pose (MoveNet Lightning)', () => estimatePose(runtime, working)],
  ] as const) {
    const started = performance.now();
    await run();
    console.log(`first run, model loaded in the thread: ${name.padEnd(30)} ${ms(performance.now() - started)}`);
  }
  await runtime.close();
}

const runtime = new ModelRuntime({ threads: 2 });
await analyseSubject(runtime, photo);
for (const size of [1, 12]) {
  const image = await megapixels(size);
  const whole = await timeEach(RUNS, () => analyseSubject(runtime, image));
  const withoutMatte = await timeEach(RUNS, () => analyseSubject(runtime, image, { matte: false }));
  console.log(`${String(size).padStart(2)} MP  matte + faces + pose  p50 ${ms(whole.p50)}  p95 ${ms(whole.p95)}`);
  console.log(`${String(size).padStart(2)} MP  faces + pose          p50 ${ms(withoutMatte.p50)}  p95 ${ms(withoutMatte.p95)}`);
}

// The options that find the person, through the engine, each render on an engine of its own (an
// engine keeps the analysis of the uploads it saw, which later renders of the same upload reuse).
const CATEGORY_OPTIONS = [
  ['Où (ocean)', { environment: { id: 'ocean', name: 'Océan' } }],
  ['Taille (16:9)', { format: { id: 'widescreen-16-9', name: 'Écran large 16:9' } }],
  ['Angle (bokeh)', { camera: { id: 'bokeh', name: 'Bokeh' } }],
  ['Lumière (split light)', { lighting: { id: 'split-light', name: 'Éclairage divisé' } }],
] as const;
for (const size of [1, 12]) {
  const image = await megapixels(size);
  for (const [label, selection] of CATEGORY_OPTIONS) {
    const timing = await timeEach(3, () => new LocalImageEngine({ models: runtime }).transform({ image, prompt: '', selection }));
    const engine = new LocalImageEngine({ models: runtime });
    await engine.transform({ image, prompt: '', selection });
    const again = await timeEach(3, () => engine.transform({ image, prompt: '', selection, seed: 2 }));
    console.log(`${String(size).padStart(2)} MP  ${label.padEnd(22)} p50 ${ms(timing.p50)}  p95 ${ms(timing.p95)}   same upload again p50 ${ms(again.p50)}`);
  }
}

async function lagWhile(task: () => Promise<unknown>) {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  await task();
  lag.disable();
  return `p99 ${ms(lag.percentile(99) / 1e6)}  max ${ms(lag.max / 1e6)}`;
}
const image = await megapixels(12);
console.log(`event loop lag, idle 3 s:                ${await lagWhile(() => new Promise((resolve) => setTimeout(resolve, 3000)))}`);
console.log(`event loop lag, 12 MP analysis × 2:      ${await lagWhile(() => Promise.all([analyseSubject(runtime, image), analyseSubject(runtime, image)]))}`);
console.log(`peak memory (RSS, process and its threads): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await runtime.close();
