// Renders the landing page's before/after pictures into public/samples/ with the local image engine:
// the originals are the real photographs of samples/photos, the results are what the engine makes
// of them for each sample's catalogue options. Runs before every `vite build` and `vite`. A picture
// already on disk is kept: file names carry a fingerprint of their recipe, and everything is
// rendered again when the media or catalogue sources change (or with `--force`).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStyleText, getOption, isCategoryId, type Selection } from '@atelier/catalog';
import { LocalImageEngine } from '@atelier/media';
import sharp from 'sharp';
import {
  ALL_SAMPLE_PICTURES,
  samplePath,
  type SampleChoice,
  type SamplePicture,
  type SampleSource,
} from '../src/pages/landing/samples';

const publicDir = join(import.meta.dirname, '../public');
const photosDir = join(import.meta.dirname, '../samples/photos');
const samplesDir = join(publicDir, 'samples');

/** A hash of what shapes every render (engine, catalogue), so an engine change re-renders all. */
function sourcesFingerprint(): string {
  const hash = createHash('sha256');
  for (const pkg of ['@atelier/media', '@atelier/catalog']) {
    const dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort();
    for (const file of files) hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex');
}
const renderedWith = sourcesFingerprint();
const stampFile = join(samplesDir, '.rendered-with');
const force =
  process.argv.includes('--force') || !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== renderedWith;
/** Quality 78 shows no banding, and the slowest effort costs little for 56 small files. */
const WEBP_OPTIONS = { quality: 78, effort: 6 };

const fileOf = (picture: SamplePicture, width: number) => join(publicDir, samplePath(picture, width));

/** The photograph, cropped to the centred square every sample uses (the portrait keeps head and shoulders). */
const originals = new Map<SampleSource, Promise<Buffer>>();
function original(source: SampleSource): Promise<Buffer> {
  let cropped = originals.get(source);
  if (!cropped) {
    cropped = (async () => {
      const photo = readFileSync(join(photosDir, `${source}.jpg`));
      const { width = 0, height = 0 } = await sharp(photo).metadata();
      const side = Math.min(width, height);
      return sharp(photo).resize(side, side, { fit: 'cover', position: 'centre' }).jpeg({ quality: 95 }).toBuffer();
    })();
    originals.set(source, cropped);
  }
  return cropped;
}

function selectionOf(choice: SampleChoice): Selection {
  const selection: Selection = {};
  for (const [category, id] of Object.entries(choice)) {
    const option = isCategoryId(category) ? getOption(category, id) : undefined;
    if (!isCategoryId(category) || !option) throw new Error(`the catalogue has no option "${id}" in "${category}"`);
    selection[category] = { id, name: option.name };
  }
  return selection;
}

const engine = new LocalImageEngine();

async function render(picture: SamplePicture): Promise<Buffer> {
  const image = await original(picture.source);
  if (!picture.choice) return image;
  const selection = selectionOf(picture.choice);
  // The same request the studio sends: the selection plus its `style` text.
  const result = await engine.transform({ image, prompt: buildStyleText(selection), selection });
  return result.image;
}

async function write(picture: SamplePicture): Promise<number> {
  const missing = picture.widths.filter((width) => force || !existsSync(fileOf(picture, width)));
  if (missing.length === 0) return 0;
  const image = await render(picture);
  for (const width of missing) {
    const file = fileOf(picture, width);
    mkdirSync(dirname(file), { recursive: true });
    // `cover` keeps before and after aligned even if the engine changed the size.
    await sharp(image).resize(width, width, { fit: 'cover' }).webp(WEBP_OPTIONS).toFile(file);
  }
  return missing.length;
}

/** Files of recipes that no longer exist would only be shipped for nothing. */
function removeStale(): number {
  if (!existsSync(samplesDir)) return 0;
  const expected = new Set(
    ALL_SAMPLE_PICTURES.flatMap((picture) => picture.widths.map((width) => fileOf(picture, width))),
  );
  const stale = readdirSync(samplesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.webp'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !expected.has(file));
  for (const file of stale) rmSync(file);
  return stale.length;
}

const started = performance.now();
const removed = removeStale();
let written = 0;
for (const picture of ALL_SAMPLE_PICTURES) written += await write(picture);
mkdirSync(samplesDir, { recursive: true });
writeFileSync(stampFile, renderedWith);
const total = ALL_SAMPLE_PICTURES.reduce((count, picture) => count + picture.widths.length, 0);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `samples: ${written} written, ${total - written} kept, ${removed} stale removed in ${relative(process.cwd(), samplesDir)} (${seconds} s)`,
);
