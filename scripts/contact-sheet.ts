// `npm run contact-sheet -- [category…] [--photos dir] [--out dir] [--only id,id…] [--tile px] [--engine local|replicate] [--all] [--yes]`:
// renders every option of the given categories (default: style), or only the listed option ids, with
// the local engine (or, with `--engine replicate`, through Replicate) on each photograph, next to the original, one PNG per category and photo under
// contact-sheets/ (git-ignored), to judge by eye; a larger tile shows the details of a few options.
// With the local engine, the options it leaves to the cloud engine are skipped unless `--all` is given;
// the masks kept beside test photographs (`*-person.png`, `*mask*`) are never taken for photographs.
// Options the engine refuses on a photo (an enlargement past its bounds) show the original darkened.
// Through Replicate (REPLICATE_API_TOKEN, REPLICATE_API_URL and the REPLICATE_*_MODEL settings), the
// estimated cost at the models' list prices is printed first, and nothing is run without `--yes`.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORY_IDS, getSelectableOptions, isCloudOnly, type CategoryId } from '@atelier/catalog';
import {
  inspectImage,
  LocalImageEngine,
  ReplicateImageEngine,
  isMediaError,
  replicateCloud,
  type ImageEngine,
  type StepRole,
} from '@atelier/media';
import sharp from 'sharp';

const LABEL = 22;
// About 2000 px wide whatever the tile: ten tiles of the default size.
const COLUMNS_WIDTH = 2000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    photos: { type: 'string', default: '../shared/photos' },
    out: { type: 'string', default: 'contact-sheets' },
    only: { type: 'string' },
    tile: { type: 'string', default: '200' },
    engine: { type: 'string', default: 'local' },
    yes: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
  },
});
const categories = (positionals.length > 0 ? positionals : ['style']).filter((name): name is CategoryId =>
  (CATEGORY_IDS as readonly string[]).includes(name),
);
const only = values.only?.split(',').map((id) => id.trim());
const TILE = Number(values.tile);
const COLUMNS = Math.max(1, Math.floor(COLUMNS_WIDTH / TILE));
const photoDir = resolve(values.photos);
const photos = (await readdir(photoDir))
  .filter((name) => /\.(jpe?g|png|webp)$/i.test(name) && !/(-person\.|mask)/i.test(name))
  .sort();
const skipsCloudOnly = values.engine === 'local' && !values.all;
const selected = (category: CategoryId) =>
  getSelectableOptions(category).filter(
    ({ id }) => (!only || only.includes(id)) && !(skipsCloudOnly && isCloudOnly(category, id)),
  );

/** The settings naming each role's model, as the server reads them. */
const MODEL_SETTINGS: Readonly<Record<StepRole, string>> = {
  edit: 'REPLICATE_IMAGE_MODEL',
  background: 'REPLICATE_BACKGROUND_MODEL',
  viewpoint: 'REPLICATE_VIEWPOINT_MODEL',
  outpaint: 'REPLICATE_OUTPAINT_MODEL',
  upscale: 'REPLICATE_UPSCALE_MODEL',
  video: 'REPLICATE_VIDEO_MODEL',
};

/** The cloud engine, once the operator has seen what the sheets will cost and said yes. */
async function cloudEngine(): Promise<ImageEngine> {
  const token = process.env.REPLICATE_API_TOKEN;
  if (!token) throw new Error('--engine replicate : définissez REPLICATE_API_TOKEN.');
  const models = Object.fromEntries(
    Object.entries(MODEL_SETTINGS).map(([role, setting]) => [role, process.env[setting]]),
  ) as Partial<Record<StepRole, string>>;
  const cloud = new ReplicateImageEngine(
    replicateCloud({ token, baseUrl: process.env.REPLICATE_API_URL, models }),
    new LocalImageEngine(),
  );
  let usd = 0;
  let generations = 0;
  for (const category of categories)
    for (const option of selected(category))
      for (const name of photos) {
        const selection = { [category]: { id: option.id, name: option.name } };
        const size = await inspectImage(await readFile(join(photoDir, name)));
        usd += cloud.listPriceUsd({ size, prompt: '', selection });
        generations += 1;
      }
  console.log(`${generations} générations sur Replicate : environ ${usd.toFixed(2)} $ aux prix catalogue des modèles.`);
  if (!values.yes) {
    console.log('Rien n’a été lancé : relancez avec --yes pour les générer et payer ce montant.');
    process.exit(0);
  }
  return cloud;
}

if (values.engine !== 'local' && values.engine !== 'replicate')
  throw new Error(`--engine ${values.engine} : choisissez local ou replicate.`);
const engine = values.engine === 'replicate' ? await cloudEngine() : new LocalImageEngine();
await mkdir(values.out, { recursive: true });

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function tile(image: Buffer, label: string): Promise<Buffer> {
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/>` +
      `<text x="6" y="16" font-family="sans-serif" font-size="13" fill="#fff">${escape(label)}</text></svg>`,
  );
  const picture = await sharp(image).resize(TILE, TILE, { fit: 'contain', background: '#222' }).toBuffer();
  return sharp({ create: { width: TILE, height: TILE + LABEL, channels: 3, background: '#222' } })
    .composite([
      { input: picture, top: 0, left: 0 },
      { input: caption, top: TILE, left: 0 },
    ])
    .png()
    .toBuffer();
}

for (const category of categories) {
  const options = selected(category);
  if (options.length === 0) continue;
  for (const name of photos) {
    const started = performance.now();
    const image = await readFile(join(photoDir, name));
    const tiles = [await tile(image, 'Original')];
    for (const option of options) {
      const result = await engine
        .transform({ image, prompt: '', selection: { [category]: { id: option.id, name: option.name } } })
        .catch((error: unknown) => {
          // A refusal (an enlargement past its bounds) is shown as such: the original, darkened.
          if (isMediaError(error) && error.code === 'VALIDATION') return null;
          throw error;
        });
      tiles.push(
        result
          ? await tile(result.image, option.name)
          : await tile(await sharp(image).linear(0.3, 0).toBuffer(), `${option.name} : refusé`),
      );
    }
    const rows = Math.ceil(tiles.length / COLUMNS);
    const sheet = join(
      values.out,
      `${category}-${basename(name).replace(/\.[^.]+$/, '')}${values.engine === 'replicate' ? '-replicate' : ''}.png`,
    );
    await sharp({ create: { width: COLUMNS * TILE, height: rows * (TILE + LABEL), channels: 3, background: '#000' } })
      .composite(
        tiles.map((input, index) => ({
          input,
          left: (index % COLUMNS) * TILE,
          top: Math.floor(index / COLUMNS) * (TILE + LABEL),
        })),
      )
      .png()
      .toFile(sheet);
    console.log(`${sheet}: ${options.length} options in ${Math.round(performance.now() - started)} ms`);
  }
}
