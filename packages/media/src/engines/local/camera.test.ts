import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyseSubject, ModelRuntime, type Box, type SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { streakBackground, throwBackgroundOutOfFocus } from './camera';
import { headOf } from './framing';
import { LocalImageEngine } from './image-engine';
import { fileOf } from '../../../test/support/images';

const PHOTOS = new URL('../../../../../../shared/photos/', import.meta.url);
const out = (name: string) => `${process.env.TMPDIR ?? '/tmp'}/atelier-camera-${name}.png`;

/** Variance of the Laplacian in a region: how much fine detail (focus) it holds. */
async function sharpness(image: Buffer, region: Box): Promise<number> {
  const box = {
    left: Math.round(region.left),
    top: Math.round(region.top),
    width: Math.round(region.width),
    height: Math.round(region.height),
  };
  const { data, info } = await sharp(image).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  for (let y = 1; y < info.height - 1; y += 1) {
    for (let x = 1; x < info.width - 1; x += 1) {
      const at = (dx: number, dy: number) => data[(y + dy) * info.width + x + dx] ?? 0;
      values.push(4 * at(0, 0) - at(-1, 0) - at(1, 0) - at(0, -1) - at(0, 1));
    }
  }
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
}

describe('camera options (Angle)', { timeout: 120_000 }, () => {
  const runtime = new ModelRuntime({ threads: 2 });
  const engine = new LocalImageEngine({ models: runtime });
  let portrait: Buffer;
  let analysis: SubjectAnalysis;
  const shoot = async (id: string) => {
    const result = await engine.transform({ image: portrait, prompt: '', selection: { camera: { id, name: id } } });
    await sharp(result.image).png().toFile(out(id));
    return result;
  };

  beforeAll(async () => {
    portrait = await readFile(new URL('astronaut.jpg', PHOTOS));
    analysis = await analyseSubject(runtime, portrait);
  }, 180_000);
  afterAll(() => runtime.close());

  test('bokeh leaves the face sharp and blurs the background', async () => {
    const { image } = await shoot('bokeh');
    const face = analysis.faces[0]!.box;
    // The model rocket and the wall beside her head: background by the matte.
    const background: Box = { left: 370, top: 20, width: 120, height: 200 };
    expect(await sharpness(image, face)).toBeGreaterThan(0.7 * (await sharpness(portrait, face)));
    expect(await sharpness(image, background)).toBeLessThan(0.3 * (await sharpness(portrait, background)));
  });

  /** How far (mean absolute difference, 0–255) a bokeh is from the picture weighted by `kept` (0–1 at a pixel) over its blurred copy. */
  async function distanceFromWeighted(
    image: Buffer,
    result: Buffer,
    kept: (x: number, y: number, width: number, height: number) => number,
  ): Promise<number> {
    const { data, info } = await sharp(image).autoOrient().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [blurred, made] = await Promise.all([
      sharp(image)
        .autoOrient()
        .removeAlpha()
        .blur((9 * Math.max(info.width, info.height)) / 1000)
        .raw()
        .toBuffer(),
      sharp(result).raw().toBuffer(),
    ]);
    let difference = 0;
    data.forEach((value, at) => {
      const pixel = Math.floor(at / 3);
      const weight = kept(pixel % info.width, Math.floor(pixel / info.width), info.width, info.height);
      difference += Math.abs(value * weight + (blurred[at] ?? 0) * (1 - weight) - (made[at] ?? 0));
    });
    return difference / data.length;
  }

  test('bokeh is the sharp picture weighted by the matte over its blurred copy', async () => {
    const mask = analysis.person!.mask;
    const distance = await distanceFromWeighted(
      portrait,
      await fileOf(await throwBackgroundOutOfFocus(portrait, analysis)),
      (x, y, width) => (mask[y * width + x] ?? 0) / 255,
    );
    // Within the intermediate JPEG's own loss.
    expect(distance).toBeLessThan(2);
  });

  test('without a person, bokeh keeps the middle sharp, fading to blurred corners', async () => {
    const coffee = await readFile(new URL('coffee.jpg', PHOTOS));
    const distance = await distanceFromWeighted(
      coffee,
      await fileOf(await throwBackgroundOutOfFocus(coffee, null)),
      (x, y, width, height) => {
        const fade = (Math.hypot(x - width / 2, y - height / 2) / (Math.hypot(width, height) / 2) - 0.35) / 0.65;
        return 1 - Math.min(1, Math.max(0, fade));
      },
    );
    expect(distance).toBeLessThan(2);
  });

  test.each([
    ['close-up', 0.3],
    ['extreme-close-up', 0.45],
  ])('%s is centred on the face and fills the frame with it', async (id, share) => {
    const { image, width, height } = await shoot(id);
    const [face] = (await analyseSubject(runtime, image, { matte: false })).faces;
    expect(face!.box.height / height).toBeGreaterThan(share);
    expect(Math.abs(face!.box.left + face!.box.width / 2 - width / 2) / width).toBeLessThan(0.1);
  });

  test.each(['extreme-close-up', 'close-up', 'medium-close-up', 'rule-of-thirds'])(
    "%s comes back at the photo's size, not as a small crop",
    async (id) => {
      const { width, height } = await shoot(id);
      expect([width, height]).toEqual([analysis.width, analysis.height]);
    },
  );

  /** Mean grey level (0–255) of a band of the picture: a painted black bar is near 0. */
  async function bandMean(image: Buffer, band: Box): Promise<number> {
    const pixels = await sharp(image).extract(band).greyscale().raw().toBuffer();
    return pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
  }

  test.each([['anamorphic', 2.39]])(
    '%s gives the frame its shape (%s:1) at the photo’s scale, the head whole and no black bar',
    async (id, aspect) => {
      const { image, width, height } = await shoot(id);
      expect(width / height).toBeCloseTo(aspect, 1);
      const [face] = (await analyseSubject(runtime, image, { matte: false })).faces;
      // The person keeps their size: the frame is cut, not the picture scaled.
      expect(face!.box.height / analysis.faces[0]!.box.height).toBeCloseTo(1, 1);
      expect(headOf(face!).top).toBeGreaterThanOrEqual(0);
      const rows = Math.round(height * 0.06);
      const columns = Math.round(width * 0.06);
      for (const band of [
        { left: 0, top: 0, width, height: rows },
        { left: 0, top: height - rows, width, height: rows },
        { left: 0, top: 0, width: columns, height },
        { left: width - columns, top: 0, width: columns, height },
      ])
        expect(await bandMean(image, band)).toBeGreaterThan(25);
    },
  );

  test.each(['low-angle', 'high-angle', 'fisheye'])(
    '%s reshapes the picture rather than drawing over it',
    async (id) => {
      const { image } = await shoot(id);
      const [before, after] = await Promise.all(
        [portrait, image].map((picture) => sharp(picture).greyscale().raw().toBuffer()),
      );
      const changed =
        before!.reduce((count, value, index) => count + (Math.abs(value - (after![index] ?? 0)) > 24 ? 1 : 0), 0) /
        before!.length;
      expect(changed).toBeGreaterThan(0.1);
      // The face is still there, whole.
      expect((await analyseSubject(runtime, image, { matte: false })).faces).toHaveLength(1);
    },
  );

  /** How colourful a picture is: the mean spread between each pixel's strongest and weakest channel (0–255). */
  async function colourfulness(image: Buffer): Promise<number> {
    const data = await sharp(image).removeAlpha().raw().toBuffer();
    let sum = 0;
    for (let at = 0; at < data.length; at += 3)
      sum += Math.max(data[at]!, data[at + 1]!, data[at + 2]!) - Math.min(data[at]!, data[at + 1]!, data[at + 2]!);
    return sum / (data.length / 3);
  }

  /** Mean absolute difference between horizontal and vertical neighbours in a region: streaks leave the rows smooth and the columns not. */
  async function rowAndColumnDetail(image: Buffer, region: Box): Promise<{ along: number; across: number }> {
    const { data, info } = await sharp(image).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
    let [along, across, count] = [0, 0, 0];
    for (let y = 0; y < info.height - 1; y += 1) {
      for (let x = 0; x < info.width - 1; x += 1) {
        const at = y * info.width + x;
        along += Math.abs((data[at] ?? 0) - (data[at + 1] ?? 0));
        across += Math.abs((data[at] ?? 0) - (data[at + info.width] ?? 0));
        count += 1;
      }
    }
    return { along: along / count, across: across / count };
  }

  test('a panning shot streaks the background sideways and keeps the face sharp; motion blur lets the streak through the person', async () => {
    const face = analysis.faces[0]!.box;
    // The model rocket and the wall beside her head (upright edges): background by the matte.
    const rocket: Box = { left: 370, top: 20, width: 120, height: 200 };
    const panning = await fileOf(await streakBackground(portrait, analysis, { kind: 'streak', length: 90, trail: 0 }));
    const streaked = await rowAndColumnDetail(panning, rocket);
    const before = await rowAndColumnDetail(portrait, rocket);
    // The rows lose most of their detail; the columns keep more of theirs.
    expect(streaked.along).toBeLessThan(0.4 * before.along);
    expect(streaked.across / before.across).toBeGreaterThan(streaked.along / before.along);
    expect(await sharpness(panning, face)).toBeGreaterThan(0.7 * (await sharpness(portrait, face)));
    const moving = (await shoot('motion-blur')).image;
    expect(await sharpness(moving, face)).toBeLessThan(0.7 * (await sharpness(panning, face)));
  });

  test('tilt-shift keeps a band of focus at the face and blurs what is far above or below it, in brighter colours', async () => {
    const { image, height } = await shoot('tilt-shift');
    const face = analysis.faces[0]!.box;
    const below: Box = { left: 60, top: height - 120, width: 300, height: 100 };
    expect(await sharpness(image, face)).toBeGreaterThan(0.6 * (await sharpness(portrait, face)));
    expect(await sharpness(image, below)).toBeLessThan(0.3 * (await sharpness(portrait, below)));
    expect(await colourfulness(image)).toBeGreaterThan(1.15 * (await colourfulness(portrait)));
  });

  test('soft focus makes the highlights bloom into the shadows beside them, the face still there', async () => {
    const { image } = await shoot('soft-focus');
    // The black helmet under its white rim.
    const helmet: Box = { left: 400, top: 400, width: 60, height: 60 };
    const [before, after] = await Promise.all(
      [portrait, image].map(
        async (picture) => (await sharp(picture).extract(helmet).greyscale().stats()).channels[0]!.mean,
      ),
    );
    expect(after).toBeGreaterThan(before! + 12);
    expect((await analyseSubject(runtime, image, { matte: false })).faces).toHaveLength(1);
  });

  test('the rule of thirds crops so the face sits on a vertical third', async () => {
    const { image, width } = await shoot('rule-of-thirds');
    const [face] = (await analyseSubject(runtime, image, { matte: false })).faces;
    const middle = (face!.box.left + face!.box.width / 2) / width;
    expect(Math.min(Math.abs(middle - 1 / 3), Math.abs(middle - 2 / 3))).toBeLessThan(0.04);
  });

  test('a security camera shows one hue, grainy, seen from above', async () => {
    const { image } = await shoot('security-cam');
    // A monochrome screen rather than the orange suit.
    expect(await colourfulness(image)).toBeLessThan(0.4 * (await colourfulness(portrait)));
    const flatWall: Box = { left: 380, top: 10, width: 40, height: 40 };
    expect(await sharpness(image, flatWall)).toBeGreaterThan(2 * (await sharpness(portrait, flatWall)));
    // Its grain is drawn from a seed: the same photo gives the same picture again.
    expect((await shoot('security-cam')).image.equals(image)).toBe(true);
  });
});
