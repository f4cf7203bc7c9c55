import { readFile } from 'node:fs/promises';
import { getSelectableOptions, getOption } from '@atelier/catalog';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyseSubject, ModelRuntime, type Box, type SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import { formatWindow, frameWindow, headOf } from './framing';
import { aspectOf } from './geometry';
import { LocalImageEngine } from './image-engine';
import { fileOf } from '../../../test/support/images';

const PHOTOS = new URL('../../../../../../shared/photos/', import.meta.url);

const contains = (outer: Box, inner: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.left + inner.width <= outer.left + outer.width + 0.5 &&
  inner.top + inner.height <= outer.top + outer.height + 0.5;

describe('formats (Taille) around the faces', { timeout: 120_000 }, () => {
  const runtime = new ModelRuntime({ threads: 2 });
  const engine = new LocalImageEngine({ models: runtime });
  let portrait: Buffer;
  let analysis: SubjectAnalysis;

  beforeAll(async () => {
    portrait = await readFile(new URL('astronaut.jpg', PHOTOS));
    analysis = await analyseSubject(runtime, portrait, { matte: false });
  }, 180_000);
  afterAll(() => runtime.close());

  test('every format keeps the whole head, within the picture where it fits, past its edges where it cannot', () => {
    const picture = { width: analysis.width, height: analysis.height };
    const head = headOf(analysis.faces[0]!);
    for (const option of getSelectableOptions('format')) {
      const format = getOption('format', option.id)!;
      const window = formatWindow(picture, aspectOf(format), analysis.faces);
      expect(window.width / window.height, option.id).toBeCloseTo(aspectOf(format), 2);
      expect(contains(window, { ...head, top: Math.max(0, head.top) }), option.id).toBe(true);
      if (head.height < window.height && window.width <= picture.width && window.height <= picture.height) {
        expect(contains({ left: 0, top: 0, ...picture }, window), option.id).toBe(true);
      }
    }
  });

  test('a window past the edges keeps the picture as it is and extends it with a blurred, dimmed copy', async () => {
    const picture = { width: analysis.width, height: analysis.height };
    const result = await fileOf(
      await frameWindow(portrait, picture, {
        left: -64,
        top: 0,
        width: picture.width + 128,
        height: picture.height,
      }),
    );
    const grey = (image: Buffer, box: Box) => sharp(image).extract(box).greyscale().raw().toBuffer();
    const rows = { top: 0, height: picture.height };
    const [kept, source, fill, edge] = await Promise.all([
      grey(result, { left: 64, width: picture.width, ...rows }),
      grey(portrait, { left: 0, width: picture.width, ...rows }),
      grey(result, { left: 0, width: 60, ...rows }),
      grey(portrait, { left: 0, width: 60, ...rows }),
    ]);
    const meanOf = (values: Buffer) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const roughness = (values: Buffer) =>
      meanOf(Buffer.from(values.subarray(1).map((value, index) => Math.abs(value - (values[index] ?? 0)))));
    expect(meanOf(Buffer.from(kept.map((value, index) => Math.abs(value - (source[index] ?? 0)))))).toBeLessThan(2);
    expect(meanOf(fill)).toBeLessThan(meanOf(edge));
    expect(roughness(fill)).toBeLessThan(0.5 * roughness(edge));
  });

  test.each(['uhd-4k', 'x-header', 'vertical-9-16', 'cinema-21-9'])(
    '%s: the face is found whole in the result',
    async (id) => {
      const result = await engine.transform({ image: portrait, prompt: '', selection: { format: { id, name: id } } });
      await sharp(result.image)
        .png()
        .toFile(`${process.env.TMPDIR ?? '/tmp'}/atelier-format-${id}.png`);
      const found = await analyseSubject(runtime, result.image, { matte: false });
      expect(found.faces).toHaveLength(1);
      expect(contains({ left: 0, top: 0, width: result.width, height: result.height }, found.faces[0]!.box)).toBe(true);
    },
  );
});
