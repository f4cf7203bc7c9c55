import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { difference, photo } from '../test/support/images';
import type { CategoryId } from '@atelier/catalog';
import { SAMPLE_PHOTO_JPEG } from './art/sample-photo';
import { isMediaError } from './errors';
import { DiskRenderStore } from './render-store';
import { RENDER_VERSION, RenderCache, renderThumbnail } from './thumbnails';

describe('renderThumbnail', () => {
  /** Every pair of tiles differs by more than `least` (mean absolute difference per channel, 0–255). */
  async function expectUnlike(category: CategoryId, ids: readonly string[], least: number) {
    const tiles = await Promise.all(ids.map((id) => renderThumbnail(category, id)));
    for (let i = 0; i < tiles.length; i += 1) {
      for (let j = i + 1; j < tiles.length; j += 1) {
        expect(
          await difference(tiles[i] ?? Buffer.alloc(0), tiles[j] ?? Buffer.alloc(0)),
          `${ids[i]} / ${ids[j]}`,
        ).toBeGreaterThan(least);
      }
    }
    return tiles;
  }

  it('shows an option only the cloud engine renders as the photograph, captioned, never as another look', async () => {
    const tile = await renderThumbnail('environment', 'ocean');
    expect(await sharp(tile).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    // Above the caption band, the photograph as it is.
    const top = { left: 0, top: 0, width: 256, height: 180 };
    const photo = await sharp(SAMPLE_PHOTO_JPEG).resize(256, 256).extract(top).greyscale().raw().toBuffer();
    const shown = await sharp(tile).extract(top).greyscale().raw().toBuffer();
    expect(
      photo.reduce((sum, value, index) => sum + Math.abs(value - (shown[index] ?? 0)), 0) / photo.length,
    ).toBeLessThan(4);
  });

  it('shows each light and each shot differently on the photograph', { timeout: 60_000 }, async () => {
    await expectUnlike('lighting', ['golden-hour', 'blue-hour', 'chiaroscuro', 'candlelight'], 4);
    await expectUnlike('camera', ['extreme-close-up', 'close-up', 'fisheye', 'low-angle'], 6);
  });

  it('shows the styles on a real photograph, each tile unlike the others', { timeout: 60_000 }, async () => {
    await expectUnlike(
      'style',
      [
        'watercolor',
        'oil-painting',
        'cartoon',
        'comic-book',
        'pencil-sketch',
        'pixel-art',
        'low-poly',
        'stained-glass',
      ],
      6,
    );
  });

  it(
    'shows an enlargement at its own pixels, around the face: the larger the factor, the closer',
    { timeout: 60_000 },
    async () => {
      const [twice, fourTimes] = await Promise.all([
        renderThumbnail('upscale', 'upscale-2x'),
        renderThumbnail('upscale', 'upscale-4x'),
      ]);
      expect(await sharp(twice).metadata()).toMatchObject({ width: 256, height: 256 });
      // Shrunk whole, both would be the photo; a crop at the enlargement's own pixels is not.
      const whole = await sharp(SAMPLE_PHOTO_JPEG).resize(256, 256).jpeg().toBuffer();
      expect(await difference(twice, whole)).toBeGreaterThan(20);
      expect(await difference(fourTimes, twice)).toBeGreaterThan(10);
    },
  );

  it('keeps the shape of a format option inside the square', async () => {
    const { data, info } = await sharp(await renderThumbnail('format', 'cinema-21-9'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // 21:9 in 256 px leaves bands above and below, in the neutral background colour.
    const top = [data[0], data[1], data[2]];
    const middle = (128 * info.width + 128) * info.channels;
    expect(top.every((value) => Math.abs((value ?? 0) - 0xe9) < 12)).toBe(true);
    expect([data[middle], data[middle + 1], data[middle + 2]]).not.toEqual(top);
  });

  it('refuses options the catalogue does not have', async () => {
    await expect(renderThumbnail('style', 'no-such-style')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('RenderCache', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atelier-cache-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("takes a member's new sample while the old one's tiles are still being drawn", async () => {
    // On disk, a tile written into the old sample's folder can meet its deletion; a bucket has no folders.
    const cache = new RenderCache(new DiskRenderStore(root));
    const owner = 4242;
    const first = await cache.keepSample(owner, await photo(320, 240));
    const lights = [
      'golden-hour',
      'blue-hour',
      'sunrise',
      'sunset',
      'overcast',
      'moonlight',
      'candlelight',
      'chiaroscuro',
    ];
    const tiles = Promise.allSettled(lights.map((light) => cache.sampleTile(owner, first, `lighting-${light}`)));
    // The member picks another photo before the tiles of the first are all drawn.
    const second = await cache.keepSample(owner, await photo(240, 320));
    expect(second).not.toBe(first);
    // A tile of the replaced photo is drawn or not found; none fails.
    for (const outcome of await tiles)
      if (outcome.status === 'rejected')
        expect(isMediaError(outcome.reason) && outcome.reason.code, String(outcome.reason)).toBe('NOT_FOUND');
    expect((await cache.sampleTile(owner, second, 'lighting-golden-hour')).length).toBeGreaterThan(0);
    await cache.forgetSamples(owner);
  });

  it("gives an HD option's stock tile on a member's photo: no model runs on it", { timeout: 60_000 }, async () => {
    const cache = new RenderCache(new DiskRenderStore(root));
    const owner = 4343;
    const sample = await cache.keepSample(owner, await photo(320, 240));
    const tile = await cache.sampleTile(owner, sample, 'upscale-upscale-2x');
    expect(tile.equals(await cache.thumbnail('upscale-upscale-2x'))).toBe(true);
    expect(cache.rendered.sample).toBe(0);
    await cache.forgetSamples(owner);
    await expect(cache.sampleTile(owner, sample, 'upscale-upscale-2x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('renders a file once, then serves it from disk', async () => {
    const cache = new RenderCache(new DiskRenderStore(root));
    const render = vi.fn(async () => Buffer.from('rendered'));
    const [first, second] = await Promise.all([
      cache.read('art', 'something.jpg', render),
      cache.read('art', 'something.jpg', render),
    ]);
    const third = await cache.read('art', 'something.jpg', render);
    expect(render).toHaveBeenCalledTimes(1);
    expect([first, second, third].map(String)).toEqual(['rendered', 'rendered', 'rendered']);
    expect(String(await readFile(join(root, RENDER_VERSION, 'something.jpg')))).toBe('rendered');
  });

  it('caches thumbnails by preview id and generated art by id', async () => {
    const cache = new RenderCache(new DiskRenderStore(root));
    expect((await sharp(await cache.thumbnail('lighting-golden-hour')).metadata()).width).toBe(256);
    expect(await readdir(join(root, RENDER_VERSION))).toContain('lighting-golden-hour.jpg');
    expect((await sharp(await cache.art('welcome-lac')).metadata()).width).toBe(1024);
    expect((await sharp(await cache.art('model-camille')).metadata()).width).toBe(768);
  });

  it.each(['../escape.jpg', 'a/b.jpg', 'UPPER.jpg', 'x.png', '.jpg', ''])('refuses the name %j', async (name) => {
    const cache = new RenderCache(new DiskRenderStore(root));
    await expect(cache.read('art', name, async () => Buffer.from('x'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await readdir(root)).toEqual([]);
  });

  it('keeps a stored picture’s previews until the picture is forgotten', async () => {
    const cache = new RenderCache(new DiskRenderStore(root));
    const picture = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const key = 'results/1/picture.jpg';
    for (const width of [320, 640] as const) {
      const { format, width: made } = await sharp(await cache.preview(key, width, async () => picture)).metadata();
      expect([format, made]).toEqual(['webp', width]);
    }
    expect(await readdir(join(root, RENDER_VERSION))).toHaveLength(2);
    await cache.forgetPreviews(key);
    expect(await readdir(join(root, RENDER_VERSION))).toEqual([]);
  });

  it('refuses unknown thumbnails and art without writing anything', async () => {
    const cache = new RenderCache(new DiskRenderStore(root));
    await expect(cache.thumbnail('style-../../etc')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(cache.art('welcome-nowhere')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const files = await readdir(root, { recursive: true });
    expect(files.filter((name) => name.endsWith('.jpg'))).toEqual([]);
  });
});
