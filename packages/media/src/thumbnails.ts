import { createHash } from 'node:crypto';
import { findOptionByThumbnail, type CategoryId, type Selection } from '@atelier/catalog';
import { renderDefaultModel, renderWelcomeImage } from './art/index';
import { SAMPLE_PHOTO_JPEG } from './art/sample-photo';
import { MEDIA_MESSAGES, MediaError } from './errors';
import { NOT_IN_FRAME_MESSAGE } from './engines/local/costume/dress';
import { LocalImageEngine } from './engines/local/image-engine';
import { imageWork } from './image-pool';
import { JPEG_OUTPUT } from './limits';
import type { RenderStore } from './render-store';
import { sharp } from './sharp';
import { svgDocument } from './svg';

export const THUMBNAIL_SIZE = 256;

/** Bumped whenever the look of rendered art changes: older renders are never served, and a starting server deletes them. */
export const RENDER_VERSION = 'v9';

/** The thumbnails' engine: its models analyse the sample photograph once, every later tile reuses that. */
const engine = new LocalImageEngine();

/**
 * An option's preview: a real photograph of a person through the local engine with that option
 * alone, as a 256 px square JPEG (format options keep their shape, centred on a neutral
 * background). The engine finds the person, their face and shoulders as it would on an upload, so
 * each tile shows what its option does: the person in the scene, the light, the crop, the costume.
 * Unknown options are NOT_FOUND.
 */
export async function renderThumbnail(category: CategoryId, optionId: string): Promise<Buffer> {
  const found = findOptionByThumbnail(`${category}-${optionId}`);
  if (!found) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  const selection: Selection = { [found.category]: { id: found.option.id, name: found.option.name } };
  const image = await engine.transform({ image: SAMPLE_PHOTO_JPEG, prompt: '', selection }).then(
    (result) => result.image,
    (error: unknown) => {
      // Shoes and legwear need the feet or hips in the picture, and the sample stops at the chest:
      // the tile says what the option asks of a photo rather than failing.
      if (error instanceof MediaError && error.message === NOT_IN_FRAME_MESSAGE)
        return withCaption(SAMPLE_PHOTO_JPEG, 'Photo en pied');
      throw error;
    },
  );
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

/** Names the cache accepts: generated from catalogue ids and art ids, never from raw client text. */
const CACHE_NAME = /^[a-z0-9][a-z0-9-]{0,150}\.jpg$/;

/** What the cache renders: option thumbnails, art (welcome images, default models), before/after views. */
export type RenderKind = 'thumbnail' | 'art' | 'stitch';

/**
 * Rendered files, kept in a RenderStore (a folder, or the shared bucket): the first request renders
 * (in the image pool) and keeps the bytes, later ones, on any instance sharing the store, read them.
 * Concurrent first requests in one process share one render. Whoever may see a render is decided
 * by the caller before every read: the cache itself opens nothing to anyone.
 */
export class RenderCache {
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** Renders made by this process, by kind: what the cache did not spare. */
  readonly rendered: Record<RenderKind, number> = { thumbnail: 0, art: 0, stitch: 0 };

  constructor(private readonly store: RenderStore) {}

  /** The render's bytes, rendering and keeping them first if the store has none yet. */
  async read(kind: RenderKind, name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    if (!CACHE_NAME.test(name)) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
    // The version in the name: renders of an older look are left behind, never served.
    const stored = `${RENDER_VERSION}/${name}`;
    const kept = await this.store.read(stored);
    if (kept) return kept;
    let rendering = this.pending.get(stored);
    if (!rendering) {
      rendering = imageWork(() => {
        this.rendered[kind] += 1;
        return render();
      })
        .then(async (bytes) => {
          await this.store.write(stored, bytes);
          return bytes;
        })
        .finally(() => this.pending.delete(stored));
      this.pending.set(stored, rendering);
    }
    return rendering;
  }

  /** The thumbnail for a preview id such as "environment-tropical-beach" (see findOptionByThumbnail). */
  thumbnail(thumbnailId: string): Promise<Buffer> {
    const found = findOptionByThumbnail(thumbnailId);
    if (!found) return Promise.reject(new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound));
    const name = `${found.category}-${found.option.id}.jpg`;
    return this.read('thumbnail', name, () => renderThumbnail(found.category, found.option.id));
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
