// Every option the local engine offers, at 12 MP: each rendered RUNS times on the portrait photograph
// (../shared/photos/astronaut.jpg) enlarged to 12 MP, through the local engine. The `categories`
// bench times one option per category; this one finds the option whose own path is slow (a wide
// blur at full size, a per-pixel loop that allocates) and holds each to its goal (at most 1 s p50
// on two cores). It prints every option's p50 and main-thread time next to bare sharp decoding and
// encoding the same picture, the slowest first. A refused option (an enlargement past the output
// bounds) is named as refused. `BENCH_OPTION_RUNS=1` makes it a quick sweep.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { CATEGORY_IDS, getSelectableOptions, isCloudOnly, type CategoryId } from '@atelier/catalog';
import { LocalImageEngine, ModelRuntime } from '@atelier/media';
import sharp from 'sharp';
import { ms, timeEach } from './support';

const RUNS = Number(process.env.BENCH_OPTION_RUNS ?? 3);
/** The goal for every offered option at 12 MP on two cores, upload bytes to result bytes. */
const GOAL_MS = 1000;

const photo = await readFile(new URL('../../../shared/photos/astronaut.jpg', import.meta.url));
const side = Math.round(Math.sqrt(12_000_000));
const image = await sharp(photo).resize(side, side, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
const runtime = new ModelRuntime({ threads: 2 });
const render = (category: CategoryId, id: string) =>
  new LocalImageEngine({ models: runtime }).transform({
    image,
    prompt: '',
    selection: { [category]: { id, name: id } },
  });

// The models load on a first analysis, and the style threads start on a first style, before anything is timed.
await render('lighting', 'golden-hour');
await render('camera', 'close-up');
await render('style', 'watercolor');
const bare = (await timeEach(3, () => sharp(image).autoOrient().jpeg({ quality: 90 }).toBuffer())).p50;

interface Row {
  label: string;
  p50: number;
  mainThread: number;
}
const rows: Row[] = [];
const refused: string[] = [];
for (const category of CATEGORY_IDS) {
  for (const { id } of getSelectableOptions(category).filter((option) => !isCloudOnly(category, option.id))) {
    const before = performance.eventLoopUtilization();
    try {
      const { p50 } = await timeEach(RUNS, () => render(category, id));
      rows.push({
        label: `${category}/${id}`,
        p50,
        mainThread: performance.eventLoopUtilization(before).active / RUNS,
      });
    } catch {
      refused.push(`${category}/${id}`);
    }
  }
}
await runtime.close();

console.log(`12 MP (${side} × ${side}), ${RUNS} runs per option; bare sharp (decode, encode) p50 ${ms(bare)}`);
for (const { label, p50, mainThread } of rows.sort((a, b) => b.p50 - a.p50)) {
  console.log(
    `${label.padEnd(40)} p50 ${ms(p50).padStart(11)} ${(p50 / bare).toFixed(1).padStart(6)}× bare   main thread ${ms(mainThread).padStart(10)}`,
  );
}
const sorted = rows.map((row) => row.p50).sort((a, b) => a - b);
console.log(
  `${rows.length} options: median of p50s ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)}, over the ${ms(GOAL_MS)} goal: ${rows.filter((row) => row.p50 > GOAL_MS).length}`,
);
if (refused.length > 0) console.log(`refused on this portrait: ${refused.join(', ')}`);
