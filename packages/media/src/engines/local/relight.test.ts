import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyseSubject, ModelRuntime, type SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { LocalImageEngine } from './image-engine';

const PHOTOS = new URL('../../../../../../shared/photos/', import.meta.url);

/** Mean luminance (0–255) of the pixels the test picks, by their index. */
async function meanWhere(image: Buffer, keep: (index: number, x: number) => boolean, width: number): Promise<number> {
  const grey = await sharp(image).greyscale().raw().toBuffer();
  let [sum, count] = [0, 0];
  grey.forEach((value, index) => {
    if (!keep(index, index % width)) return;
    sum += value;
    count += 1;
  });
  return sum / count;
}

describe('lighting (Lumière) on the person', { timeout: 120_000 }, () => {
  const runtime = new ModelRuntime({ threads: 2 });
  const engine = new LocalImageEngine({ models: runtime });
  let portrait: Buffer;
  let analysis: SubjectAnalysis;
  const light = async (id: string) => {
    const { image } = await engine.transform({
      image: portrait,
      prompt: '',
      selection: { lighting: { id, name: id } },
    });
    await sharp(image)
      .png()
      .toFile(`${process.env.TMPDIR ?? '/tmp'}/atelier-lighting-${id}.png`);
    return image;
  };

  beforeAll(async () => {
    portrait = await readFile(new URL('astronaut.jpg', PHOTOS));
    analysis = await analyseSubject(runtime, portrait);
  }, 180_000);
  afterAll(() => runtime.close());

  test('a side light leaves one side of the person brighter than the other, relative to the original', async () => {
    const image = await light('split-light');
    const { box, mask } = analysis.person!;
    const middle = box.left + box.width / 2;
    const onPerson = (side: 'left' | 'right') => (index: number, x: number) =>
      (mask[index] ?? 0) > 200 && (side === 'left' ? x < middle : x >= middle);
    const ratio = async (picture: Buffer) =>
      (await meanWhere(picture, onPerson('left'), 512)) / (await meanWhere(picture, onPerson('right'), 512));
    expect(Math.abs(Math.log((await ratio(image)) / (await ratio(portrait))))).toBeGreaterThan(0.25);
  });

  test('a low-key light darkens the background more than the person', async () => {
    const image = await light('low-key');
    const { mask } = analysis.person!;
    const person = (index: number) => (mask[index] ?? 0) > 200;
    const background = (index: number) => (mask[index] ?? 0) < 20;
    const change = async (keep: (index: number) => boolean) =>
      (await meanWhere(image, keep, 512)) / (await meanWhere(portrait, keep, 512));
    expect(await change(background)).toBeLessThan((await change(person)) - 0.1);
  });

  test("a backlight (Contre-jour) rims the person's outline with light, brighter than the inside of the person", async () => {
    const image = await light('rim-light');
    const { mask } = analysis.person!;
    // The outline: person pixels within about 10 px of the background; the inside: person 20 px past it.
    const eroded = async (radius: number) =>
      sharp(mask, { raw: { width: 512, height: 512, channels: 1 } })
        .blur(radius)
        .extractChannel(0)
        .raw()
        .toBuffer();
    const [near, far] = await Promise.all([eroded(6), eroded(10)]);
    const outline = (index: number) => (mask[index] ?? 0) > 128 && (near[index] ?? 0) < 245;
    const inside = (index: number) => (far[index] ?? 0) > 250;
    const brightening = async (keep: (index: number) => boolean) =>
      (await meanWhere(image, keep, 512)) - (await meanWhere(portrait, keep, 512));
    const [onOutline, onInside] = await Promise.all([brightening(outline), brightening(inside)]);
    expect(onOutline).toBeGreaterThan(30);
    expect(onOutline).toBeGreaterThan(onInside + 40);
  });
});
