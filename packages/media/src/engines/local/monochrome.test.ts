import { getSelectableOptions, isCloudOnly, MONOCHROME_STYLES } from '@atelier/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharp } from '../../sharp';
import { photo } from '../../../test/support/images';
import { LocalImageEngine } from './image-engine';

const engine = new LocalImageEngine();
let image: Buffer;

beforeAll(async () => {
  image = await photo(160, 120);
});

/** The mean spread between a pixel's strongest and weakest channel, 0 for greys, out of 255. */
async function chroma(jpeg: Buffer): Promise<number> {
  const data = await sharp(jpeg).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let at = 0; at < data.length; at += 3) {
    const channels = [data[at]!, data[at + 1]!, data[at + 2]!];
    sum += Math.max(...channels) - Math.min(...channels);
  }
  return sum / (data.length / 3);
}

const render = (style: string, global?: string) =>
  engine.transform({ image, prompt: '', selection: { style: { id: style, name: style } }, colors: { global } });

describe('monochrome styles', { timeout: 300_000 }, () => {
  it('are exactly the styles that render a colourful photo in greys', async () => {
    const greys: string[] = [];
    for (const option of getSelectableOptions('style').filter(({ id }) => !isCloudOnly('style', id)))
      if ((await chroma((await render(option.id)).image)) < 15) greys.push(option.id);
    expect(greys.toSorted()).toEqual(MONOCHROME_STYLES.toSorted());
  });

  it('keep the global colour as a tint of the greys', async () => {
    expect(await chroma((await render('black-and-white')).image)).toBeLessThan(1);
    expect(await chroma((await render('black-and-white', 'red')).image)).toBeGreaterThan(30);
  });
});
