import { getOption } from '@atelier/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhoto } from '../../../test/support/photos';
import { JPEG_OUTPUT } from '../../limits';
import { chain, exposure, hueRotation, type Grade } from './grade';
import { combineLooks, look } from './look';
import { globalColourLook, lookForChoice } from './recipes';
import { renderLook } from './render';
import { styleFamily } from './styles/families';
import { stylise } from './styles/stylise';

/** Mean absolute difference per channel value (0–255) of two JPEGs of the same size. */
async function meanAbsoluteDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let sum = 0;
  for (let index = 0; index < x.length; index += 1) sum += Math.abs((x[index] ?? 0) - (y[index] ?? 0));
  return sum / x.length;
}

describe('a styled picture graded at its working size', { timeout: 120_000 }, () => {
  // Ink lines on paper the grade pushes past white: where grading before the enlargement differs most
  // (2.6 of 255 on average; side by side at 200 % the hatching is a shade darker at most).
  it.each(['pencil-sketch', 'watercolor', 'cartoon'])(
    'looks as when the enlarged %s was graded (mean difference under 3 of 255)',
    async (id) => {
      const side = 2400;
      const image = await sharp(await readPhoto('astronaut'))
        .resize(side, side)
        .jpeg({ quality: 92 })
        .toBuffer();
      const option = getOption('style', id);
      const family = styleFamily(id);
      if (!option || !family) throw new Error(`no style ${id}`);
      const styled = await stylise(image, side, family, 7, 1);
      const grade: Grade = chain([
        combineLooks([lookForChoice({ category: 'style', option }, {}), globalColourLook({ global: 'teal' })]).grade,
        hueRotation(6),
        exposure(1.04),
      ]);
      const result = await renderLook(
        styled,
        { width: styled.width, height: styled.height, channels: 3 },
        { width: side, height: side },
        look({ grade }),
      );
      // The previous pipeline: the styled picture enlarged, then graded, in one pass at full size.
      const before = await sharp(styled.data, { raw: { width: styled.width, height: styled.height, channels: 3 } })
        .resize(side, side, { kernel: 'lanczos3' })
        .recomb(
          grade.matrix.map((row) => [...row]) as [
            [number, number, number],
            [number, number, number],
            [number, number, number],
          ],
        )
        .linear([1, 1, 1], [...grade.offset])
        .jpeg(JPEG_OUTPUT)
        .toBuffer();
      expect(styled.width).toBeLessThan(side / 2);
      expect(await meanAbsoluteDifference(result.image, before)).toBeLessThan(3);
    },
  );
});
