import { DECODE_OPTIONS, decodeFailure, inspectImage } from './decode';
import { MEDIA_MESSAGES, MediaError } from './errors';
import { JPEG_OUTPUT, MAX_EDGE } from './limits';
import { imageWork } from './image-pool';
import { sharp } from './sharp';
import { REFERENCE_SLOTS, type JpegImage, type ReferenceImages } from './engines/types';

/** Space between tiles, on a near-black background. */
const GUTTER = 8;
const BACKGROUND = '#111111';

interface Tile {
  image: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Each image cropped to fill its tile, all drawn on one canvas, encoded once (in the image pool). */
function drawTiles(width: number, height: number, tiles: readonly Tile[]): Promise<JpegImage> {
  return imageWork(() => drawTilesNow(width, height, tiles));
}

async function drawTilesNow(width: number, height: number, tiles: readonly Tile[]): Promise<JpegImage> {
  const layers = await Promise.all(
    tiles.map(async (tile) => {
      const { data, info } = await sharp(tile.image, DECODE_OPTIONS)
        .autoOrient()
        .resize(tile.width, tile.height, { fit: 'cover', position: 'centre' })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        input: data,
        raw: { width: info.width, height: info.height, channels: info.channels },
        left: tile.left,
        top: tile.top,
      };
    }),
  ).catch((cause: unknown) => {
    throw decodeFailure(cause);
  });
  const image = await sharp({ create: { width, height, channels: 3, background: BACKGROUND } })
    .composite(layers)
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
  return { image, width, height };
}

/** Splits `total` pixels into parts proportional to `weights`, whole numbers that add up exactly. */
function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let used = 0;
  return weights.map((weight, index) => {
    const size = index === weights.length - 1 ? total - used : Math.round((total * weight) / sum);
    used += size;
    return size;
  });
}

/**
 * The before/after image for /api/view-stitch: the original on the left, the result on the right,
 * at the same height (the smaller of the two, within 2048 px high and 4096 px wide in all).
 */
export async function sideBySide(original: Buffer, result: Buffer): Promise<JpegImage> {
  const [left, right] = await Promise.all([inspectImage(original), inspectImage(result)]);
  const aspects = [left.width / left.height, right.width / right.height] as const;
  const height = Math.max(
    1,
    Math.floor(Math.min(left.height, right.height, 2048, MAX_EDGE / (aspects[0] + aspects[1]))),
  );
  const widths = aspects.map((aspect) => Math.max(1, Math.round(height * aspect))) as [number, number];
  return drawTiles(widths[0] + widths[1], height, [
    { image: original, left: 0, top: 0, width: widths[0], height },
    { image: result, left: widths[0], top: 0, width: widths[1], height },
  ]);
}

export type CombineLayout = 'dual' | 'triple' | 'quad' | 'grid';

const LAYOUT_COUNTS: Readonly<Record<Exclude<CombineLayout, 'grid'>, number>> = { dual: 2, triple: 3, quad: 4 };
export const MAX_COMBINED_IMAGES = 16;
const CANVAS_WIDTH = 2048;

/** Importance 0.1–1 (default 1) weighs a tile between 0.55 and 1: it grows or shrinks, never vanishes. */
function weight(importance: number | undefined): number {
  const clamped = importance === undefined || Number.isNaN(importance) ? 1 : Math.min(1, Math.max(0.1, importance));
  return 0.5 + 0.5 * clamped;
}

/** Rows of image indexes: one row for dual and triple, two for quad, a near-square grid beyond. */
function rowsFor(layout: CombineLayout, count: number): number[][] {
  const columns = layout === 'grid' ? Math.ceil(Math.sqrt(count)) : layout === 'quad' ? 2 : count;
  const rows: number[][] = [];
  for (let start = 0; start < count; start += columns)
    rows.push(Array.from({ length: Math.min(columns, count - start) }, (_, i) => start + i));
  return rows;
}

/**
 * The workflow editor's COMBINE node: images side by side in rows (dual, triple), two by two
 * (quad) or in a grid (more than 4), 2048 px wide. A more important image gets a wider tile in its
 * row, and a row of important images a taller band.
 */
export async function combine(
  images: readonly Buffer[],
  importance: readonly number[],
  layout: CombineLayout,
): Promise<JpegImage> {
  if (images.length < 2) throw new MediaError('VALIDATION', MEDIA_MESSAGES.combineTooFew);
  if (images.length > MAX_COMBINED_IMAGES) throw new MediaError('VALIDATION', MEDIA_MESSAGES.combineTooMany);
  if (layout !== 'grid' && LAYOUT_COUNTS[layout] !== images.length)
    throw new MediaError('VALIDATION', MEDIA_MESSAGES.layoutMismatch);
  await Promise.all(images.map((image) => inspectImage(image)));
  const weights = images.map((_, index) => weight(importance[index]));
  const rows = rowsFor(layout, images.length);
  const columns = Math.max(...rows.map((row) => row.length));
  const height = Math.round((CANVAS_WIDTH / columns) * rows.length);
  const rowWeights = rows.map((row) => row.reduce((sum, index) => sum + (weights[index] ?? 1), 0) / row.length);
  const rowHeights = split(height - GUTTER * (rows.length - 1), rowWeights);
  const tiles: Tile[] = [];
  let top = 0;
  rows.forEach((row, rowIndex) => {
    const rowHeight = rowHeights[rowIndex] ?? 0;
    const widths = split(
      CANVAS_WIDTH - GUTTER * (row.length - 1),
      row.map((index) => weights[index] ?? 1),
    );
    let left = 0;
    row.forEach((imageIndex, column) => {
      const width = widths[column] ?? 0;
      tiles.push({ image: images[imageIndex] ?? Buffer.alloc(0), left, top, width, height: rowHeight });
      left += width + GUTTER;
    });
    top += rowHeight + GUTTER;
  });
  return drawTiles(CANVAS_WIDTH, height, tiles);
}

const REFERENCE_HEIGHT = 1024;

/**
 * The reference-mode composite the workflow editor sends to the model: the main picture large on the
 * left, the references given (face, body, environment, style, in that order) stacked in a column
 * on the right, each as tall as its importance says.
 */
export async function referenceComposite(main: Buffer, references: ReferenceImages): Promise<JpegImage> {
  const header = await inspectImage(main);
  const present = REFERENCE_SLOTS.flatMap((slot) => {
    const reference = references[slot];
    return reference ? [reference] : [];
  });
  await Promise.all(present.map((reference) => inspectImage(reference.image)));
  const aspect = Math.min(2, Math.max(0.5, header.width / header.height));
  const mainWidth = Math.round(REFERENCE_HEIGHT * aspect);
  const mainTile: Tile = { image: main, left: 0, top: 0, width: mainWidth, height: REFERENCE_HEIGHT };
  if (present.length === 0) return drawTiles(mainWidth, REFERENCE_HEIGHT, [mainTile]);
  const column = REFERENCE_HEIGHT / 2;
  const heights = split(
    REFERENCE_HEIGHT - GUTTER * (present.length - 1),
    present.map((reference) => weight(reference.importance)),
  );
  let top = 0;
  const referenceTiles = present.map((reference, index): Tile => {
    const tile = { image: reference.image, left: mainWidth + GUTTER, top, width: column, height: heights[index] ?? 0 };
    top += tile.height + GUTTER;
    return tile;
  });
  return drawTiles(mainWidth + GUTTER + column, REFERENCE_HEIGHT, [mainTile, ...referenceTiles]);
}
