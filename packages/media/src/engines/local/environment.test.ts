import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyseSubject, ModelRuntime, type Box, type SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { correlation } from '../../../test/support/photos';
import { getOption, getSelectableOptions, isCloudOnly } from '@atelier/catalog';
import { svgDocument } from '../../svg';
import { environmentScene } from './environment';
import { LocalImageEngine } from './image-engine';
import { ENVIRONMENT_SCENES } from './overlays';
import { drawingContext } from './recipes';

const PHOTOS = new URL('../../../../../../shared/photos/', import.meta.url);
const photo = (name: string) => readFile(new URL(name, PHOTOS));

async function grey(image: Buffer, region: Box): Promise<number[]> {
  const box = {
    left: Math.round(region.left),
    top: Math.round(region.top),
    width: Math.round(region.width),
    height: Math.round(region.height),
  };
  return [...(await sharp(image).extract(box).greyscale().raw().toBuffer())];
}

/** The red, green and blue shares of the pixels at `indices`: a colour's hue and saturation, not its brightness. */
async function shares(image: Buffer, indices: readonly number[]): Promise<number[]> {
  const pixels = await sharp(image).removeAlpha().raw().toBuffer();
  const sums = [0, 1, 2].map((channel) => indices.reduce((sum, index) => sum + (pixels[index * 3 + channel] ?? 0), 0));
  const total = sums.reduce((sum, value) => sum + value, 0);
  return sums.map((value) => value / total);
}

/** Mean absolute difference where the matte says background, over the whole picture. */
async function backgroundChange(before: Buffer, after: Buffer, analysis: SubjectAnalysis): Promise<number> {
  const [a, b] = await Promise.all([before, after].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  let [sum, count] = [0, 0];
  analysis.person?.mask.forEach((alpha, index) => {
    if (alpha > 10) return;
    for (let channel = 0; channel < 3; channel += 1)
      sum += Math.abs((a?.[index * 3 + channel] ?? 0) - (b?.[index * 3 + channel] ?? 0));
    count += 3;
  });
  return sum / count;
}

describe('environments (Où)', { timeout: 120_000 }, () => {
  const runtime = new ModelRuntime({ threads: 2 });
  const engine = new LocalImageEngine({ models: runtime });
  let portrait: Buffer;
  let analysis: SubjectAnalysis;

  beforeAll(async () => {
    portrait = await photo('astronaut.jpg');
    analysis = await analyseSubject(runtime, portrait);
  }, 180_000);
  afterAll(() => runtime.close());

  test.each(['tropical-beach', 'paris', 'snowy-mountains'])(
    'puts the person into the %s scene: the head kept, the background replaced',
    async (id) => {
      const { image } = await engine.transform({
        image: portrait,
        prompt: '',
        selection: { environment: { id, name: id } },
      });
      await sharp(image)
        .png()
        .toFile(`${process.env.TMPDIR ?? '/tmp'}/atelier-environment-${id}.png`);
      const face = analysis.faces[0]!.box;
      expect(correlation(await grey(portrait, face), await grey(image, face))).toBeGreaterThanOrEqual(0.85);
      expect(await backgroundChange(portrait, image, analysis)).toBeGreaterThan(30);
    },
  );

  test('keeps the skin its colour in every scene: the scene may brighten or darken a face, never tint it', async () => {
    const { box } = analysis.faces[0]!;
    const skin: number[] = [];
    for (let y = Math.round(box.top); y < box.top + box.height; y += 1)
      for (let x = Math.round(box.left); x < box.left + box.width; x += 1)
        if ((analysis.person?.mask[y * analysis.width + x] ?? 0) >= 230) skin.push(y * analysis.width + x);
    const before = await shares(portrait, skin);
    const shifts: Record<string, number> = {};
    for (const { id } of getSelectableOptions('environment').filter(({ id }) => !isCloudOnly('environment', id))) {
      const { image } = await engine.transform({
        image: portrait,
        prompt: '',
        selection: { environment: { id, name: id } },
      });
      const after = await shares(image, skin);
      shifts[id] = Math.max(...after.map((share, channel) => Math.abs(share - (before[channel] ?? 0))));
    }
    // A per-channel pull towards the sea's turquoise moved the skin's shares by 0.077.
    const tinted = Object.entries(shifts).filter(([, shift]) => shift > 0.025);
    expect(tinted).toEqual([]);
  });

  test.each(['astronaut.jpg', 'coffee.jpg'])(
    'places %s in its scene when it is a single-channel grey picture',
    async (name) => {
      const single = await sharp(await photo(name))
        .toColourspace('b-w')
        .jpeg()
        .toBuffer();
      expect((await sharp(single).metadata()).channels).toBe(1);
      const { image } = await engine.transform({
        image: single,
        prompt: '',
        selection: { environment: { id: 'forest', name: 'Forêt' } },
      });
      expect((await sharp(image).metadata()).channels).toBe(3);
      const middle = { left: 150, top: 100, width: 150, height: 150 };
      expect(correlation(await grey(single, middle), await grey(image, middle))).toBeGreaterThanOrEqual(0.85);
    },
  );

  test('without a person, leaves the middle of the picture as it was and shows the scene at the edges', async () => {
    const cat = await photo('chelsea.jpg');
    const { image, width, height } = await engine.transform({
      image: cat,
      prompt: '',
      selection: { environment: { id: 'forest', name: 'Forêt' } },
    });
    await sharp(image)
      .png()
      .toFile(`${process.env.TMPDIR ?? '/tmp'}/atelier-environment-cat.png`);
    const middle = { left: width * 0.3, top: height * 0.3, width: width * 0.4, height: height * 0.4 };
    expect(correlation(await grey(cat, middle), await grey(image, middle))).toBeGreaterThanOrEqual(0.95);
    const corner = { left: 0, top: 0, width: width * 0.1, height: height * 0.1 };
    const [before, after] = await Promise.all([grey(cat, corner), grey(image, corner)]);
    expect(
      before.reduce((sum, value, index) => sum + Math.abs(value - (after[index] ?? 0)), 0) / before.length,
    ).toBeGreaterThan(20);
  });
});

/** An environment's scene, rasterised in its 1000 × 750 frame, grey; without its landmark if asked. */
async function sceneOf(id: string, withLandmark = true): Promise<Buffer> {
  const option = getOption('environment', id)!;
  const context = drawingContext({ category: 'environment', option }, {}, false);
  const { landmark, ...drawn } = ENVIRONMENT_SCENES[id]!;
  const { markup } = environmentScene(context, withLandmark && landmark ? { ...drawn, landmark } : drawn);
  return sharp(svgDocument(1000, 750, 1000, 750, markup))
    .greyscale()
    .raw()
    .toBuffer();
}

describe('landmarks', () => {
  test.each(['paris', 'ancient-egypt', 'ancient-rome', 'castle', 'funfair', 'haunted-mansion', 'mayan-ruins', 'moon'])(
    '%s shows the landmark its name calls for, beside the person, where a portrait still shows it',
    async (id) => {
      const [scene, plain] = await Promise.all([sceneOf(id), sceneOf(id, false)]);
      // A 3:4 portrait keeps the frame's middle 562 columns; the head is in the middle 160, above row 300.
      let [kept, behindHead] = [0, 0];
      for (let y = 0; y < 750; y += 1) {
        for (let x = 219; x < 781; x += 1) {
          if (Math.abs((scene[y * 1000 + x] ?? 0) - (plain[y * 1000 + x] ?? 0)) <= 25) continue;
          kept += 1;
          if (x > 420 && x < 580 && y < 300) behindHead += 1;
        }
      }
      expect(kept).toBeGreaterThan(3000);
      expect(behindHead).toBeLessThan(kept * 0.1);
    },
  );
});
