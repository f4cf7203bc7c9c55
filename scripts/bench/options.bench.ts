// A sweep of the options at 12 MP: every eighth option of each category, once each, on the portrait
// photograph (../shared/photos/astronaut.jpg) enlarged to 12 MP, through the local engine. The
// `categories` bench times one option per category; this one finds the option whose own path is
// slow (a wide blur at full size, a per-pixel loop that allocates). It prints every option's wall
// clock and main-thread time next to bare sharp decoding and encoding the same picture, the slowest
// first. A refused option (a garment for the feet on a half-length portrait) is named as refused.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { CATEGORY_IDS, getOptions, type CategoryId } from '@atelier/catalog';
import { LocalImageEngine, ModelRuntime } from '@atelier/media';
import sharp from 'sharp';
import { ms, timeEach } from './support';

/** One option in this many, from each category's grid. */
const STRIDE = 8;

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

// The models load on a first analysis, before anything is timed.
await render('environment', 'ocean');
const bare = (await timeEach(3, () => sharp(image).autoOrient().jpeg({ quality: 90 }).toBuffer())).p50;

interface Row {
  label: string;
  wall: number;
  mainThread: number;
}
const rows: Row[] = [];
const refused: string[] = [];
for (const category of CATEGORY_IDS) {
  const options = getOptions(category);
  for (let index = 0; index < options.length; index += STRIDE) {
    const { id } = options[index]!;
    const before = performance.eventLoopUtilization();
    const start = performance.now();
    try {
      await render(category, id);
    } catch {
      refused.push(`${category}/${id}`);
      continue;
    }
    rows.push({
      label: `${category}/${id}`,
      wall: performance.now() - start,
      mainThread: performance.eventLoopUtilization(before).active,
    });
  }
}
await runtime.close();

console.log(`12 MP (${side} × ${side}), one run per option; bare sharp (decode, encode) p50 ${ms(bare)}`);
for (const { label, wall, mainThread } of rows.sort((a, b) => b.wall - a.wall)) {
  console.log(
    `${label.padEnd(40)} ${ms(wall).padStart(11)} ${(wall / bare).toFixed(1).padStart(6)}× bare   main thread ${ms(mainThread).padStart(10)}`,
  );
}
if (refused.length > 0) console.log(`refused on this portrait: ${refused.join(', ')}`);
