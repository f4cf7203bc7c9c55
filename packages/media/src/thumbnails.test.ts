import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { difference } from '../test/support/images';
import { RenderCache, renderThumbnail } from './thumbnails';

describe('renderThumbnail', () => {
  it('shows each option on the sample picture as a small square JPEG', async () => {
    const ocean = await renderThumbnail('environment', 'ocean');
    const forest = await renderThumbnail('environment', 'forest');
    expect(await sharp(ocean).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(await difference(ocean, forest)).toBeGreaterThan(3);
  });

  it('shows the styles on a real photograph, each tile unlike the others', async () => {
    const ids = ['watercolor', 'oil-painting', 'cartoon', 'comic-book', 'pencil-sketch', 'pixel-art', 'mosaic', 'stained-glass'];
    const tiles = await Promise.all(ids.map((id) => renderThumbnail('style', id)));
    for (let i = 0; i < tiles.length; i += 1) {
      for (let j = i + 1; j < tiles.length; j += 1) {
        expect(await difference(tiles[i] ?? Buffer.alloc(0), tiles[j] ?? Buffer.alloc(0)), `${ids[i]} / ${ids[j]}`).toBeGreaterThan(6);
      }
    }
  });

  it('keeps the shape of a format option inside the square', async () => {
    const { data, info } = await sharp(await renderThumbnail('format', 'cinema-21-9')).raw().toBuffer({ resolveWithObject: true });
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

  it('renders a file once, then serves it from disk', async () => {
    const cache = new RenderCache(root);
    const render = vi.fn(async () => Buffer.from('rendered'));
    const [first, second] = await Promise.all([cache.file('art', 'something.jpg', render), cache.file('art', 'something.jpg', render)]);
    const third = await cache.file('art', 'something.jpg', render);
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set([first, second, third]).size).toBe(1);
    expect((await stat(first)).size).toBe(8);
  });

  it('caches thumbnails by preview id and generated art by id', async () => {
    const cache = new RenderCache(root);
    const path = await cache.thumbnail('lighting-golden-hour');
    expect(path.endsWith('lighting-golden-hour.jpg')).toBe(true);
    expect((await sharp(path).metadata()).width).toBe(256);
    expect((await sharp(await cache.art('welcome-lac')).metadata()).width).toBe(1024);
    expect((await sharp(await cache.art('model-camille')).metadata()).width).toBe(768);
  });

  it.each(['../escape.jpg', 'a/b.jpg', 'UPPER.jpg', 'x.png', '.jpg', ''])('refuses the name %j', async (name) => {
    const cache = new RenderCache(root);
    await expect(cache.file('art', name, async () => Buffer.from('x'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses unknown thumbnails and art without writing anything', async () => {
    const cache = new RenderCache(root);
    await expect(cache.thumbnail('style-../../etc')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(cache.art('welcome-nowhere')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const files = await readdir(root, { recursive: true });
    expect(files.filter((name) => name.endsWith('.jpg'))).toEqual([]);
  });
});
