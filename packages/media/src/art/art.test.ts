import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { difference } from '../../test/support/images';
import { DEFAULT_MODELS, WELCOME_IMAGES, renderDefaultModel, renderSampleImage, renderWelcomeImage } from './index';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('generated art', () => {
  it('renders the sample picture the same way every time', async () => {
    const [first, second] = await Promise.all([renderSampleImage(), renderSampleImage()]);
    expect(sha(first)).toBe(sha(second));
    expect(await sharp(first).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
  });

  it('renders distinct welcome images, 1024 × 768, with French titles', async () => {
    expect(WELCOME_IMAGES.length).toBeGreaterThanOrEqual(5);
    const images = await Promise.all(
      WELCOME_IMAGES.map(async ({ id }) => (await renderWelcomeImage(id)) ?? Buffer.alloc(0)),
    );
    for (const image of images)
      expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    for (let i = 1; i < images.length; i += 1)
      expect(await difference(images[0] ?? Buffer.alloc(0), images[i] ?? Buffer.alloc(0))).toBeGreaterThan(10);
    expect(WELCOME_IMAGES.every(({ title }) => title.length > 3)).toBe(true);
  });

  it('renders distinct default model portraits, 768 × 960, deterministically', async () => {
    expect(DEFAULT_MODELS.length).toBeGreaterThanOrEqual(5);
    const images = await Promise.all(
      DEFAULT_MODELS.map(async ({ id }) => (await renderDefaultModel(id)) ?? Buffer.alloc(0)),
    );
    expect(new Set(images.map(sha)).size).toBe(images.length);
    expect(await sharp(images[0] ?? Buffer.alloc(0)).metadata()).toMatchObject({ width: 768, height: 960 });
    expect(sha((await renderDefaultModel(DEFAULT_MODELS[0]?.id ?? '')) ?? Buffer.alloc(0))).toBe(
      sha(images[0] ?? Buffer.alloc(0)),
    );
  });

  it('knows no other ids', async () => {
    expect(await renderWelcomeImage('../../etc/passwd')).toBeUndefined();
    expect(await renderDefaultModel('model-nobody')).toBeUndefined();
  });
});
