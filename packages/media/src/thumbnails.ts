import { createHash } from 'node:crypto';
import {
  findOptionByThumbnail,
  isCloudOnly,
  type CategoryId,
  type PreviewWidth,
  PREVIEW_WIDTHS,
  STOCK_TILES_ONLY,
  type Selection,
} from '@atelier/catalog';
import { renderDefaultModel, renderWelcomeImage } from './art/index';
import { SAMPLE_PHOTO_JPEG } from './art/sample-photo';
import { MEDIA_MESSAGES, MediaError } from './errors';
import { LocalImageEngine } from './engines/local/image-engine';
import { analyseSubject } from './models';
import { imageWork } from './image-pool';
import { JPEG_OUTPUT } from './limits';
import type { RenderStore } from './render-store';
import { sharp } from './sharp';
import { svgDocument } from './svg';
import { normalizeNow } from './upload';

export const THUMBNAIL_SIZE = 256;

/** Bumped whenever the look of rendered art changes: older renders are never served, and a starting server deletes them. */
export const RENDER_VERSION = 'v13';

/**
 * The thumbnails' engine: its models analyse the sample photograph once, every later tile reuses that.
 * Made on the first thumbnail rendered, so a process that renders none (a web server) never makes it.
 */
let engine: LocalImageEngine | undefined;

/** The long side of a member's photo kept to preview the options on: enough for a tile, quick to render. */
export const SAMPLE_EDGE = 512;

/**
 * An option's preview: a real photograph of a person (or the member's own photo) through the
 * local engine with that option alone, as a 256 px square JPEG (format options keep their shape,
 * centred on a neutral background). The engine finds the person, their face and shoulders as it
 * would on an upload, so each tile shows what its option does: the style, the light, the crop,
 * the enlargement. Unknown options are NOT_FOUND.
 */
export async function renderThumbnail(
  category: CategoryId,
  optionId: string,
  photo: Buffer = SAMPLE_PHOTO_JPEG,
): Promise<Buffer> {
  const found = findOptionByThumbnail(`${category}-${optionId}`);
  if (!found) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  // What only the cloud engine renders has no local preview to show: the tile says so.
  if (isCloudOnly(found.category, found.option.id)) return thumbnailOf(await withCaption(photo, 'Moteur cloud'));
  const selection: Selection = { [found.category]: { id: found.option.id, name: found.option.name } };
  const { image } = await localEngine().transform({ image: photo, prompt: '', selection });
  return thumbnailOf(STOCK_TILES_ONLY.includes(found.category) ? await atItsOwnPixels(photo, image) : image);
}

/**
 * An enlargement as a tile shows it: a square of its own pixels around the face (the middle without
 * one), so the detail each HD option adds is seen; shrunk whole, every one looks like the photo.
 */
async function atItsOwnPixels(photo: Buffer, enlarged: Buffer): Promise<Buffer> {
  const [{ width: photoWidth = 1 }, { width = 1, height = 1 }, analysis] = await Promise.all([
    sharp(photo).metadata(),
    sharp(enlarged).metadata(),
    analyseSubject(localEngine().models, photo, { matte: false }),
  ]);
  const scale = width / photoWidth;
  const face = analysis.faces[0]?.box;
  const centre = face
    ? { x: (face.left + face.width / 2) * scale, y: (face.top + face.height / 2) * scale }
    : { x: width / 2, y: height / 2 };
  const side = Math.min(THUMBNAIL_SIZE, width, height);
  const within = (at: number, size: number) => Math.round(Math.min(Math.max(0, at - side / 2), size - side));
  return sharp(enlarged)
    .extract({ left: within(centre.x, width), top: within(centre.y, height), width: side, height: side })
    .toBuffer();
}

function localEngine(): LocalImageEngine {
  engine ??= new LocalImageEngine();
  return engine;
}

function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background: '#e9ecef' })
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
}

/** The picture with a caption band along its bottom. */
async function withCaption(image: Buffer, caption: string): Promise<Buffer> {
  const { width = 512, height = 512 } = await sharp(image).metadata();
  const band = svgDocument(
    width,
    height,
    width,
    height,
    `<rect x="0" y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="#212529" fill-opacity="0.72"/>` +
      `<text x="${width / 2}" y="${height * 0.93}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height * 0.09)}" font-weight="bold" fill="#ffffff" text-anchor="middle">${caption}</text>`,
  );
  return sharp(image)
    .composite([{ input: band }])
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
}

/** The cache's name for the before/after picture of a pair of stored files. */
function stitchName(originalKey: string, resultKey: string): string {
  return `stitch-${createHash('sha256').update(`${originalKey}\n${resultKey}`).digest('hex').slice(0, 40)}.jpg`;
}

/** The cache's name for a stored picture's preview at that width. */
function previewName(key: string, width: PreviewWidth): string {
  return `preview-${createHash('sha256').update(key).digest('hex').slice(0, 40)}-${width}.webp`;
}

/**
 * A picture small enough for a grid's card: its shorter side `width` pixels (cards crop to a
 * square, so that side is the one that fills it), never enlarged, as WebP.
 */
function previewOf(image: Buffer, width: PreviewWidth): Promise<Buffer> {
  return sharp(image)
    .resize(width, width, { fit: 'outside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

/** Names the cache accepts: generated from catalogue ids, art ids and hashes, never from raw client text. */
const CACHE_NAME = /^[a-z0-9][a-z0-9-]{0,150}\.(jpg|webp|json)$/;

/** A member's sample: its id is the hash of its bytes (see keepSample). */
const SAMPLE_ID = /^[0-9a-f]{40}$/;
/** What a worker is asked to render of a member's sample: a tile (`{category}-{option}`). */
const SAMPLE_RENDER = /^samples\/(\d+)\/([0-9a-f]{40})\/([a-z0-9-]+)$/;

/** What the cache renders: option thumbnails, art (welcome images, default models), before/after views, previews, tiles of members' photos. */
export type RenderKind = 'thumbnail' | 'art' | 'stitch' | 'preview' | 'sample';

/**
 * Has another process render what needs the models (a thumbnail by its id, `{category}-{option}`;
 * a tile of a member's sample, `samples/{owner}/{id}/{tile}`) and keep it in the
 * store this cache shares with it: resolves once it is kept there.
 */
export type ThumbnailRenderer = (renderId: string) => Promise<void>;

/**
 * Rendered files, kept in a RenderStore (a folder, or the shared bucket): the first request renders
 * (in the image pool) and keeps the bytes, later ones, on any instance sharing the store, read them.
 * Concurrent first requests in one process share one render. A web server has its thumbnails
 * rendered by a worker instead (renderThumbnailsThrough). Whoever may see a render is decided
 * by the caller before every read: the cache itself opens nothing to anyone.
 */
export class RenderCache {
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** Renders made by this process, by kind: what the cache did not spare. */
  readonly rendered: Record<RenderKind, number> = { thumbnail: 0, art: 0, stitch: 0, preview: 0, sample: 0 };
  /** Who renders the thumbnails the store lacks, when not this process (see renderThumbnailsThrough). */
  private thumbnailRenderer: ThumbnailRenderer | null = null;

  constructor(private readonly store: RenderStore) {}

  /**
   * From now on the thumbnails the store lacks are rendered by `renderer`, elsewhere, never here:
   * a web server loads no model (the other renders use sharp alone and stay in this process).
   */
  renderThumbnailsThrough(renderer: ThumbnailRenderer): void {
    this.thumbnailRenderer = renderer;
  }

  /** The render's bytes, rendering and keeping them first if the store has none yet. */
  async read(kind: RenderKind, name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    return this.keptAs(versioned(name), kind, render);
  }

  private keptAs(stored: string, kind: RenderKind, render: () => Promise<Buffer>): Promise<Buffer> {
    return this.kept(stored, async () => {
      const bytes = await imageWork(() => {
        this.rendered[kind] += 1;
        return render();
      });
      await this.store.write(stored, bytes);
      return bytes;
    });
  }

  /**
   * The stored bytes under that (versioned) name, else what `make` resolves to once it has kept
   * them. Concurrent first requests in this process share one `make`.
   */
  private async kept(stored: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = await this.store.read(stored);
    if (kept) return kept;
    let making = this.pending.get(stored);
    if (!making) {
      making = make().finally(() => this.pending.delete(stored));
      this.pending.set(stored, making);
    }
    return making;
  }

  /**
   * A render that needs the models: made here, or by a worker when this process loads none
   * (renderThumbnailsThrough), which keeps it under `stored` for this process to read.
   */
  private modelRender(renderId: string, stored: string, kind: RenderKind, render: () => Promise<Buffer>) {
    const renderer = this.thumbnailRenderer;
    if (!renderer) return this.keptAs(stored, kind, render);
    return this.kept(stored, async () => {
      await renderer(renderId);
      const bytes = await this.store.read(stored);
      if (!bytes)
        throw new Error(
          `${renderId}, rendered by a worker, is not in this render store: web servers and workers need one (STORAGE=s3, or one DATA_DIR)`,
        );
      return bytes;
    });
  }

  /** The thumbnail for a preview id such as "environment-tropical-beach" (see findOptionByThumbnail). */
  async thumbnail(thumbnailId: string): Promise<Buffer> {
    const found = findOptionByThumbnail(thumbnailId);
    if (!found) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
    const id = `${found.category}-${found.option.id}`;
    return this.modelRender(id, versioned(`${id}.jpg`), 'thumbnail', () =>
      renderThumbnail(found.category, found.option.id),
    );
  }

  /** What a worker was asked to render (see ThumbnailRenderer): a thumbnail, or a tile of a member's sample. */
  renderAsked(renderId: string): Promise<unknown> {
    const sample = SAMPLE_RENDER.exec(renderId);
    if (!sample) return this.thumbnail(renderId);
    const [, owner = '', id = '', tile = ''] = sample;
    return this.sampleTile(Number(owner), id, tile);
  }

  /**
   * Keeps a member's photo to preview the options on (at most SAMPLE_EDGE px) and resolves to its id. It
   * takes the place of the member's previous one: a member previews one photo at a time, so what
   * is kept of them stays a photo and its tiles.
   */
  async keepSample(owner: number, image: Buffer): Promise<string> {
    // Normalised as an upload is (upright, sRGB, no metadata), small enough for a tile.
    const { buffer: sample } = await imageWork(() => normalizeNow(image, SAMPLE_EDGE));
    const id = createHash('sha256').update(sample).digest('hex').slice(0, 40);
    const stored = sampleFile(owner, id, 'photo.jpg');
    if (await this.store.read(stored)) return id;
    await this.forgetSamples(owner);
    await this.store.write(stored, sample);
    return id;
  }

  /**
   * The option's tile on the member's sample (as renderThumbnail draws it), or the stock one for the
   * categories shown by theirs (STOCK_TILES_ONLY); an unknown sample or option is NOT_FOUND.
   */
  async sampleTile(owner: number, id: string, thumbnailId: string): Promise<Buffer> {
    const found = findOptionByThumbnail(thumbnailId);
    if (!found) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
    const tile = `${found.category}-${found.option.id}`;
    if (STOCK_TILES_ONLY.includes(found.category)) return this.onSample(owner, id, () => this.thumbnail(tile));
    return this.onSample(owner, id, (photo) =>
      this.modelRender(`samples/${owner}/${id}/${tile}`, sampleFile(owner, id, `${tile}.jpg`), 'sample', () =>
        renderThumbnail(found.category, found.option.id, photo),
      ),
    );
  }

  /**
   * Work on a member's sample photo. The member may replace it meanwhile (keepSample deletes its
   * folder): what was being drawn on it is then not found, not a failure.
   */
  private async onSample<T>(owner: number, id: string, work: (photo: Buffer) => Promise<T>): Promise<T> {
    const notFound = () => new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
    const read = () => this.store.read(sampleFile(owner, id, 'photo.jpg'));
    const photo = await read();
    if (!photo) throw notFound();
    // However the work failed (a folder gone under its write, a worker that no longer found it).
    return work(photo).catch(async (error: unknown) => {
      throw (await read()) ? error : notFound();
    });
  }

  /** Deletes the member's sample and its tiles (a new sample, or the account's deletion). */
  forgetSamples(owner: number): Promise<void> {
    return this.store.removeFolder(`${RENDER_VERSION}/samples/${ownerFolder(owner)}`);
  }

  /** A welcome image or default model portrait by id (see WELCOME_IMAGES and DEFAULT_MODELS). */
  art(id: string): Promise<Buffer> {
    return this.read('art', `${id}.jpg`, async () => {
      const image = (await renderWelcomeImage(id)) ?? (await renderDefaultModel(id));
      if (!image) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
      return image;
    });
  }

  /**
   * The before/after picture of a result, keyed by the two stored files it is made of: their keys
   * are never reused, so the same pair always gives the same picture.
   */
  stitch(originalKey: string, resultKey: string, render: () => Promise<Buffer>): Promise<Buffer> {
    return this.read('stitch', stitchName(originalKey, resultKey), render);
  }

  /**
   * A stored picture's preview at one of PREVIEW_WIDTHS (see previewOf), made from `original`'s
   * bytes the first time: a stored file never changes under its key, so neither does its preview.
   */
  preview(key: string, width: PreviewWidth, original: () => Promise<Buffer>): Promise<Buffer> {
    return this.read('preview', previewName(key, width), async () => previewOf(await original(), width));
  }

  /** Deletes a stored picture's previews, once the picture is gone. */
  async forgetPreviews(key: string): Promise<void> {
    for (const width of PREVIEW_WIDTHS) await this.store.remove(`${RENDER_VERSION}/${previewName(key, width)}`);
  }

  /**
   * Deletes what older versions of the engine rendered (never served again: the version is in the
   * name), including before/after pictures of results deleted since; resolves to how many files went.
   */
  forgetOlderVersions(): Promise<number> {
    return this.store.keepOnly(RENDER_VERSION);
  }

  /** Deletes the before/after picture of that pair, once its result or its owner is gone. */
  forgetStitch(originalKey: string, resultKey: string): Promise<void> {
    return this.store.remove(`${RENDER_VERSION}/${stitchName(originalKey, resultKey)}`);
  }
}

/** A checked render name in this version's folder: renders of an older look are left behind, never served. */
function versioned(name: string): string {
  if (!CACHE_NAME.test(name)) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  return `${RENDER_VERSION}/${name}`;
}

function ownerFolder(owner: number): string {
  if (!Number.isSafeInteger(owner) || owner < 1) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  return String(owner);
}

/** A file of a member's sample: `{version}/samples/{owner}/{id}/{file}`, every part checked. */
function sampleFile(owner: number, id: string, file: string): string {
  if (!SAMPLE_ID.test(id) || !CACHE_NAME.test(file)) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  return `${RENDER_VERSION}/samples/${ownerFolder(owner)}/${id}/${file}`;
}
