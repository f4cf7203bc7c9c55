import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourAt } from '../test/support/images';
import { combine, referenceComposite, sideBySide } from './composites';
import { MEDIA_MESSAGES } from './errors';

function solid(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

const isRed = ([r, g, b]: number[]) => (r ?? 0) > 200 && (g ?? 0) < 60 && (b ?? 0) < 60;
const isGreen = ([r, g, b]: number[]) => (g ?? 0) > 100 && (r ?? 0) < 60 && (b ?? 0) < 60;
const isBlue = ([r, g, b]: number[]) => (b ?? 0) > 200 && (r ?? 0) < 60 && (g ?? 0) < 60;

/** Where the colour stops along a row: the x of the first pixel that fails `test`, scanning from `from`. */
async function edgeAlongRow(
  image: Buffer,
  y: number,
  from: number,
  test: (colour: number[]) => boolean,
): Promise<number> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  for (let x = from; x < info.width; x += 1) {
    const at = (y * info.width + x) * info.channels;
    if (!test([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0])) return x;
  }
  return info.width;
}

describe('sideBySide', () => {
  it('puts the original on the left and the result on the right, at the same height', async () => {
    const original = await solid(400, 300, '#ff0000');
    const result = await solid(600, 600, '#0000ff');
    const stitched = await sideBySide(original, result);
    expect([stitched.width, stitched.height]).toEqual([400 + 300, 300]);
    expect((await sharp(stitched.image).metadata()).format).toBe('jpeg');
    expect(isRed(await colourAt(stitched.image, 200, 150))).toBe(true);
    expect(isBlue(await colourAt(stitched.image, 550, 150))).toBe(true);
  });

  it('stays within 4096 px wide', async () => {
    const stitched = await sideBySide(await solid(4000, 1000, '#ff0000'), await solid(4000, 1000, '#0000ff'));
    expect(stitched.width).toBeLessThanOrEqual(4096);
    expect(stitched.height).toBe(512);
  });
});

describe('combine', () => {
  it.each([
    ['dual', 2, [2048, 1024]],
    ['triple', 3, [2048, 683]],
    ['quad', 4, [2048, 2048]],
    ['grid', 5, [2048, 1365]],
    ['grid', 9, [2048, 2048]],
  ] as const)('lays out %s with %i images', async (layout, count, size) => {
    const colours = ['#ff0000', '#00aa00', '#0000ff', '#ffff00', '#ff00ff', '#00ffff', '#ffffff', '#888888', '#000000'];
    const images = await Promise.all(colours.slice(0, count).map((colour) => solid(300, 200, colour)));
    const combined = await combine(
      images,
      images.map(() => 1),
      layout,
    );
    expect([combined.width, combined.height]).toEqual(size);
    const meta = await sharp(combined.image).metadata();
    expect([meta.width, meta.height]).toEqual(size);
    expect(isRed(await colourAt(combined.image, 20, 20))).toBe(true);
  });

  it('gives a more important image a bigger tile', async () => {
    const images = [await solid(300, 300, '#ff0000'), await solid(300, 300, '#00aa00')];
    const even = await combine(images, [1, 1], 'dual');
    const redFirst = await combine(images, [1, 0.2], 'dual');
    const greenFirst = await combine(images, [0.2, 1], 'dual');
    const evenEdge = await edgeAlongRow(even.image, 500, 0, isRed);
    expect(Math.abs(evenEdge - 1020)).toBeLessThan(6);
    expect(await edgeAlongRow(redFirst.image, 500, 0, isRed)).toBeGreaterThan(evenEdge + 150);
    expect(await edgeAlongRow(greenFirst.image, 500, 0, isRed)).toBeLessThan(evenEdge - 150);
    expect(isGreen(await colourAt(greenFirst.image, 2000, 500))).toBe(true);
  });

  it('refuses fewer than two images, more than sixteen, or a layout for another count', async () => {
    const one = await solid(50, 50, '#ff0000');
    await expect(combine([one], [1], 'dual')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: MEDIA_MESSAGES.combineTooFew,
    });
    await expect(
      combine(
        Array.from({ length: 17 }, () => one),
        [],
        'grid',
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: MEDIA_MESSAGES.combineTooMany });
    await expect(combine([one, one, one], [1, 1, 1], 'dual')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: MEDIA_MESSAGES.layoutMismatch,
    });
    await expect(combine([one, Buffer.from('pas une image')], [1, 1], 'dual')).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA',
    });
  });
});

describe('referenceComposite', () => {
  it('shows the main picture large with the references stacked beside it, sized by importance', async () => {
    const main = await solid(800, 800, '#ff0000');
    const composite = await referenceComposite(main, {
      face: { image: await solid(200, 200, '#00aa00'), importance: 1 },
      style: { image: await solid(200, 200, '#0000ff'), importance: 0.1 },
    });
    expect([composite.width, composite.height]).toEqual([1024 + 8 + 512, 1024]);
    expect(isRed(await colourAt(composite.image, 500, 500))).toBe(true);
    expect(isGreen(await colourAt(composite.image, 1300, 100))).toBe(true);
    expect(isBlue(await colourAt(composite.image, 1300, 1000))).toBe(true);
    // The face (importance 1) takes more of the column than the style (importance 0.1).
    const { data, info } = await sharp(composite.image).raw().toBuffer({ resolveWithObject: true });
    let greenRows = 0;
    for (let y = 0; y < info.height; y += 1) {
      const at = (y * info.width + 1300) * info.channels;
      if (isGreen([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0])) greenRows += 1;
    }
    expect(greenRows).toBeGreaterThan(560);
  });

  it('gives the main picture alone when no reference is set', async () => {
    const composite = await referenceComposite(await solid(600, 300, '#ff0000'), {});
    expect([composite.width, composite.height]).toEqual([2048, 1024]);
  });
});
