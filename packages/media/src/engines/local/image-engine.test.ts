import { createHash } from 'node:crypto';
import {
  CATEGORY_IDS,
  CLOUD_ONLY_CATEGORIES,
  buildStyleText,
  getSelectableOptions,
  isCloudOnly,
  type CategoryId,
  type ColorChoices,
  type Selection,
} from '@atelier/catalog';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { difference, photo, pixels } from '../../../test/support/images';
import { MediaError } from '../../errors';
import { LocalImageEngine } from './image-engine';

const engine = new LocalImageEngine();
let image: Buffer;

beforeAll(async () => {
  image = await photo(160, 120);
});

function only(category: CategoryId, id: string): Selection {
  return { [category]: { id, name: id } };
}

async function transform(
  selection: Selection,
  extra: { colors?: ColorChoices; intensity?: number; prompt?: string; image?: Buffer } = {},
) {
  return engine.transform({
    image: extra.image ?? image,
    prompt: extra.prompt ?? '',
    selection,
    colors: extra.colors,
    intensity: extra.intensity,
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('LocalImageEngine', { timeout: 120_000 }, () => {
  // Format and upscale options change the frame, not the colours: two options with the same frame
  // (TikTok and Instagram story are both 1080 × 1920) rightly give the same picture.
  /** What the local engine offers: the others are refused (coverage.test.ts). */
  const offered = <C extends CategoryId>(category: C) =>
    getSelectableOptions(category).filter((option) => !isCloudOnly(category, option.id));
  const LOOK_CATEGORIES = CATEGORY_IDS.filter(
    (category) => category !== 'format' && category !== 'upscale' && !(category in CLOUD_ONLY_CATEGORIES),
  );

  it.each(LOOK_CATEGORIES)('gives every %s option a visibly different picture', async (category) => {
    const results = await Promise.all(
      offered(category).map(async (option) => ({
        id: option.id,
        pixels: await pixels((await transform(only(category, option.id))).image),
      })),
    );
    let closest = { value: Infinity, pair: '' };
    for (let i = 0; i < results.length; i += 1) {
      for (let j = i + 1; j < results.length; j += 1) {
        const a = results[i]?.pixels ?? Buffer.alloc(0);
        const b = results[j]?.pixels ?? Buffer.alloc(0);
        let sum = 0;
        for (let k = 0; k < a.length; k += 1) sum += Math.abs((a[k] ?? 0) - (b[k] ?? 0));
        if (sum / a.length < closest.value)
          closest = { value: sum / a.length, pair: `${results[i]?.id} / ${results[j]?.id}` };
      }
    }
    // Mean difference over every pixel and channel, in levels of 0–255.
    expect(closest.value, closest.pair).toBeGreaterThan(1);
  });

  it('changes the picture for every option, compared with no option at all', async () => {
    const plain = (await transform({})).image;
    for (const category of CATEGORY_IDS.filter((c) => c !== 'format' && !(c in CLOUD_ONLY_CATEGORIES))) {
      for (const option of offered(category).slice(0, 12)) {
        const changed = await transform(only(category, option.id));
        expect(sha(changed.image), `${category}/${option.id}`).not.toBe(sha(plain));
      }
    }
  });

  it('gives the same bytes for the same input', async () => {
    const selection: Selection = {
      style: { id: 'watercolor', name: '' },
      camera: { id: 'bokeh', name: '' },
      lighting: { id: 'golden-hour', name: '' },
    };
    const first = await transform(selection, { colors: { global: 'teal' } });
    const second = await transform(selection, { colors: { global: 'teal' } });
    expect(sha(first.image)).toBe(sha(second.image));
  });

  it('grades each seed of a re-imagined picture a little differently, and the same seed the same picture', async () => {
    const selection: Selection = { style: { id: 'watercolor', name: '' }, lighting: { id: 'golden-hour', name: '' } };
    const render = (seed: number) => engine.transform({ image, prompt: '', selection, seed });
    const [one, same, other, third] = await Promise.all([render(1), render(1), render(2), render(3)]);
    expect(sha(one.image)).toBe(sha(same.image));
    // Different, yet the same settings: far closer than another style is.
    const otherStyle = await engine.transform({ image, prompt: '', selection: only('style', 'synthwave'), seed: 1 });
    for (const variation of [other, third]) {
      const apart = await difference(one.image, variation.image);
      expect(apart).toBeGreaterThan(0.5);
      expect(apart).toBeLessThan(await difference(one.image, otherStyle.image));
    }
    expect([other.width, other.height]).toEqual([one.width, one.height]);
  });

  it('renders options that keep the photo the same whatever the seed', async () => {
    const selection: Selection = {
      lighting: { id: 'golden-hour', name: '' },
      camera: { id: 'bokeh', name: '' },
      format: { id: 'square-1-1', name: '' },
      upscale: { id: 'detail-boost', name: '' },
    };
    const [one, other] = await Promise.all(
      [1, 2].map((seed) => engine.transform({ image, prompt: '', selection, colors: { global: 'teal' }, seed })),
    );
    expect(sha(one!.image)).toBe(sha(other!.image));
  });

  it('crops to the aspect ratio of every format option, at its pixel size when it has one (8K UHD: 7680 × 4320)', async () => {
    for (const option of offered('format')) {
      const result = await transform(only('format', option.id));
      const meta = await sharp(result.image).metadata();
      expect([meta.width, meta.height]).toEqual([result.width, result.height]);
      const wanted = option.aspect.width / option.aspect.height;
      expect(Math.abs(result.width / result.height - wanted) / wanted, option.id).toBeLessThan(0.02);
      if (option.size) {
        expect([result.width, result.height], option.id).toEqual([option.size.width, option.size.height]);
      } else {
        expect(Math.max(result.width / 160, result.height / 120), option.id).toBeLessThanOrEqual(1);
      }
    }
  });

  it('enlarges by the factor an option names: ×4 of a small picture, ×2 of a 6 MP photo (6000 × 4000)', async () => {
    const result = await transform(only('upscale', 'upscale-4x'));
    expect([result.width, result.height]).toEqual([640, 480]);
    const six = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#557799' } })
      .jpeg()
      .toBuffer();
    const doubled = await transform(only('upscale', 'upscale-2x'), { image: six });
    expect([doubled.width, doubled.height]).toEqual([6000, 4000]);
  });

  it.each([
    ['upscale-2x', 'Agrandir ×2', '8\\s000 × 6\\s000'],
    ['upscale-3x', 'Agrandir ×3', '12\\s000 × 9\\s000'],
    ['upscale-4x', 'Agrandir ×4', '16\\s000 × 12\\s000'],
  ])(
    'refuses %s on a 12 MP photo in French, saying the size it would take, rather than deliver less',
    async (id, name, size) => {
      const twelve = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#557799' } })
        .jpeg()
        .toBuffer();
      const error = await transform(only('upscale', id), { image: twelve }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MediaError);
      expect((error as MediaError).code).toBe('VALIDATION');
      expect((error as MediaError).message).toMatch(
        new RegExp(`^${name} donnerait une image de ${size} px.*Aucun crédit n'a été débité\\.$`),
      );
    },
  );

  it('enlarges an option that names no factor as far as the 8K bound allows', async () => {
    const twelve = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#557799' } })
      .jpeg()
      .toBuffer();
    const result = await transform(only('upscale', 'landscape-detail'), { image: twelve });
    expect(Math.max(result.width, result.height)).toBeLessThanOrEqual(7680);
    expect(result.width * result.height).toBeLessThanOrEqual(7680 * 4320);
    expect(result.width * result.height).toBeGreaterThan(0.99 * 7680 * 4320);
  });

  it('combines format and upscale: the format frame, enlarged', async () => {
    const result = await transform({
      format: { id: 'instagram-post', name: '' },
      upscale: { id: 'upscale-2x', name: '' },
    });
    expect([result.width, result.height]).toEqual([2160, 2160]);
  });

  it('reads the options from the style text when the selection names none', async () => {
    const selection: Selection = {
      style: { id: 'pop-art', name: 'Pop art' },
      camera: { id: 'fisheye', name: 'Fisheye' },
      lighting: { id: 'moonlight', name: 'Clair de lune' },
      format: { id: 'portrait-4-5', name: 'Portrait 4:5' },
    };
    const fromSelection = await transform(selection);
    const fromText = await transform({}, { prompt: buildStyleText(selection) });
    expect(sha(fromText.image)).toBe(sha(fromSelection.image));
    const fromNames = await transform({}, { prompt: 'pop art, fisheye, clair de lune, portrait 4:5' });
    expect(sha(fromNames.image)).toBe(sha(fromSelection.image));
  });

  it('blends the effect with intensity', async () => {
    const selection = only('style', 'synthwave');
    const plain = (await transform({})).image;
    const none = (await transform(selection, { intensity: 0 })).image;
    const half = (await transform(selection, { intensity: 0.5 })).image;
    const full = (await transform(selection, { intensity: 1 })).image;
    expect(await difference(none, plain)).toBeLessThan(0.5);
    const halfway = await difference(half, plain);
    expect(halfway).toBeGreaterThan(2);
    expect(await difference(full, plain)).toBeGreaterThan(halfway * 1.5);
  });

  it('tints the picture towards the global colour', async () => {
    const redness = async (colors: ColorChoices) => {
      const data = await pixels((await transform(only('lighting', 'overcast'), { colors })).image);
      let red = 0;
      let blue = 0;
      for (let index = 0; index < data.length; index += 3) {
        red += data[index] ?? 0;
        blue += data[index + 2] ?? 0;
      }
      return red / blue;
    };
    expect(await redness({ global: 'red' })).toBeGreaterThan((await redness({})) * 1.15);
    expect(await redness({ global: 'blue' })).toBeLessThan((await redness({})) / 1.15);
  });

  it('lends the colour of a style or environment reference, more with more importance', async () => {
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#d02020' } })
      .png()
      .toBuffer();
    const plain = (await transform({})).image;
    const strong = await engine.transform({
      image,
      prompt: '',
      selection: {},
      references: { style: { image: red, importance: 1 } },
    });
    const weak = await engine.transform({
      image,
      prompt: '',
      selection: {},
      references: { style: { image: red, importance: 0.2 } },
    });
    const faceOnly = await engine.transform({
      image,
      prompt: '',
      selection: {},
      references: { face: { image: red, importance: 1 } },
    });
    expect(await difference(strong.image, plain)).toBeGreaterThan((await difference(weak.image, plain)) * 2);
    expect(await difference(faceOnly.image, plain)).toBeLessThan(0.5);
  });

  it('knows the lighting moods only the workflow editor offers', async () => {
    const plain = (await transform({})).image;
    expect(await difference((await transform(only('lighting', 'lava-glow'))).image, plain)).toBeGreaterThan(3);
  });

  it('handles grey, transparent and sideways inputs', async () => {
    const grey = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#777777' } })
      .toColourspace('b-w')
      .jpeg()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const fromGrey = await transform(
      { style: { id: 'sepia', name: '' }, lighting: { id: 'golden-hour', name: '' } },
      { image: grey },
    );
    expect((await sharp(fromGrey.image).metadata()).channels).toBe(3);
    const transparent = await sharp({
      create: { width: 80, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await expect(transform(only('style', 'pixel-art'), { image: transparent })).resolves.toMatchObject({
      width: 80,
      height: 60,
    });
    const sideways = await sharp(image).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await expect(transform(only('format', 'square-1-1'), { image: sideways })).resolves.toMatchObject({
      width: 120,
      height: 120,
    });
    await expect(transform({}, { image: sideways })).resolves.toMatchObject({ width: 120, height: 160 });
  });

  it('refuses input that is not an image', async () => {
    await expect(transform({}, { image: Buffer.from('<svg><script>alert(1)</script></svg>') })).rejects.toBeInstanceOf(
      MediaError,
    );
  });

  it('crops a 12 MP photo to 16:9 at full width', async () => {
    const large = await photo(4000, 3000);
    const result = await transform(
      {
        style: { id: 'cinematic', name: '' },
        lighting: { id: 'golden-hour', name: '' },
        format: { id: 'widescreen-16-9', name: '' },
      },
      { image: large, colors: { global: 'teal' } },
    );
    expect([result.width, result.height]).toEqual([4000, 2250]);
  });
});
