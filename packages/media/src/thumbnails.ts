import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { findOptionByThumbnail, type CategoryId, type Selection } from '@atelier/catalog';
import { renderDefaultModel, renderSampleImage, renderWelcomeImage } from './art/index';
import { SAMPLE_PHOTO_JPEG } from './art/sample-photo';
import { MEDIA_MESSAGES, MediaError } from './errors';
import { writeFileAtomic } from './files';
import { LocalImageEngine } from './engines/local/image-engine';
import { imageWork } from './image-pool';
import { JPEG_OUTPUT } from './limits';
import { sharp } from './sharp';

export const THUMBNAIL_SIZE = 256;

/** Bumped whenever the look of rendered art changes, so caches of older renders are left behind. */
export const RENDER_VERSION = 'v2';

const engine = new LocalImageEngine();
let sample: Promise<Buffer> | undefined;

/**
 * An option's preview: the sample picture through the local engine with that option alone, as a
 * 256 px square JPEG (format options keep their shape, centred on a neutral background). Styles
 * are shown on a real photograph, where their brushwork, ink and cells can be judged.
 * Unknown options are NOT_FOUND.
 */
export async function renderThumbnail(category: CategoryId, optionId: string): Promise<Buffer> {
  const found = findOptionByThumbnail(`${category}-${optionId}`);
  if (!found) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  sample ??= renderSampleImage();
  const selection: Selection = { [found.category]: { id: found.option.id, name: found.option.name } };
  const image = found.category === 'style' ? SAMPLE_PHOTO_JPEG : await sample;
  const result = await engine.transform({ image, prompt: '', selection });
  return sharp(result.image)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background: '#e9ecef' })
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
}

/** Names the cache accepts: generated from catalogue ids and art ids, never from raw client text. */
const CACHE_NAME = /^[a-z0-9][a-z0-9-]{0,150}\.jpg$/;

/** What the cache renders: option thumbnails, art (welcome images, default models), before/after views. */
export type RenderKind = 'thumbnail' | 'art' | 'stitch';

/**
 * Rendered files kept on disk (under DATA_DIR): the first request renders (in the image pool) and
 * writes the file atomically, later ones are served from it. Concurrent first requests share one render.
 */
export class RenderCache {
  private readonly directory: string;
  private readonly pending = new Map<string, Promise<string>>();
  /** Renders made by this process, by kind: what the cache did not spare. */
  readonly rendered: Record<RenderKind, number> = { thumbnail: 0, art: 0, stitch: 0 };

  constructor(directory: string) {
    this.directory = join(resolve(directory), RENDER_VERSION);
  }

  /** The file's absolute path, rendering it first if it is not on disk yet. */
  async file(kind: RenderKind, name: string, render: () => Promise<Buffer>): Promise<string> {
    if (!CACHE_NAME.test(name)) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
    const path = join(this.directory, name);
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (exists) return path;
    let rendering = this.pending.get(name);
    if (!rendering) {
      rendering = imageWork(() => {
        this.rendered[kind] += 1;
        return render();
      })
        .then((bytes) => writeFileAtomic(path, bytes))
        .then(() => path)
        .finally(() => this.pending.delete(name));
      this.pending.set(name, rendering);
    }
    return rendering;
  }

  /** The thumbnail for a preview id such as "environment-tropical-beach" (see findOptionByThumbnail). */
  thumbnail(thumbnailId: string): Promise<string> {
    const found = findOptionByThumbnail(thumbnailId);
    if (!found) return Promise.reject(new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound));
    const name = `${found.category}-${found.option.id}.jpg`;
    return this.file('thumbnail', name, () => renderThumbnail(found.category, found.option.id));
  }

  /** A welcome image or default model portrait by id (see WELCOME_IMAGES and DEFAULT_MODELS). */
  art(id: string): Promise<string> {
    return this.file('art', `${id}.jpg`, async () => {
      const image = (await renderWelcomeImage(id)) ?? (await renderDefaultModel(id));
      if (!image) throw new MediaError('NOT_FOUND', MEDIA_MESSAGES.notFound);
      return image;
    });
  }

  /**
   * The before/after picture of a result, keyed by the two stored files it is made of: their keys
   * are never reused, so the same pair always gives the same picture.
   */
  stitch(originalKey: string, resultKey: string, render: () => Promise<Buffer>): Promise<string> {
    const digest = createHash('sha256').update(`${originalKey}\n${resultKey}`).digest('hex').slice(0, 40);
    return this.file('stitch', `stitch-${digest}.jpg`, render);
  }
}
