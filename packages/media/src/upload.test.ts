import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { colourAt, exifHasGps, photo, pngBomb, sidewaysPhotoWithGps } from '../test/support/images';
import { MEDIA_MESSAGES, MediaError } from './errors';
import { LocalDiskStorage } from './storage';
import { normalizeUpload, storeUpload } from './upload';

async function refusal(input: Buffer): Promise<MediaError> {
  const error = await normalizeUpload(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe('normalizeUpload', () => {
  it.each([
    ['JPEG', (image: Sharp) => image.jpeg()],
    ['PNG', (image: Sharp) => image.png()],
    ['WebP', (image: Sharp) => image.webp()],
    ['AVIF', (image: Sharp) => image.avif()],
    ['GIF', (image: Sharp) => image.gif()],
    ['TIFF', (image: Sharp) => image.tiff()],
  ])('turns a %s file into a JPEG of the same size', async (_, encode) => {
    const input = await encode(sharp(await photo(120, 80))).toBuffer();
    const result = await normalizeUpload(input);
    expect(result).toMatchObject({ mime: 'image/jpeg', width: 120, height: 80, size: result.buffer.length });
    expect((await sharp(result.buffer).metadata()).format).toBe('jpeg');
  });

  it('puts transparent areas on white', async () => {
    const transparent = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const [red, green, blue] = await colourAt((await normalizeUpload(transparent)).buffer, 5, 5);
    expect(Math.min(red, green, blue)).toBeGreaterThan(245);
  });

  it('applies the EXIF orientation and removes EXIF and GPS data', async () => {
    const input = await sidewaysPhotoWithGps();
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);
    const result = await normalizeUpload(input);
    const metadata = await sharp(result.buffer).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(result.buffer.includes(Buffer.from('TestCam'))).toBe(false);
    // Stored 60 × 40 with the blue band on the left; upright it is 40 × 60 with the band on top.
    expect([result.width, result.height]).toEqual([40, 60]);
    const [topRed, , topBlue] = await colourAt(result.buffer, 20, 3);
    const [bottomRed, , bottomBlue] = await colourAt(result.buffer, 20, 56);
    expect(topBlue).toBeGreaterThan(200);
    expect(topRed).toBeLessThan(60);
    expect(bottomRed).toBeGreaterThan(200);
    expect(bottomBlue).toBeLessThan(60);
  });

  it('brings the long edge down to 4096 px', async () => {
    const wide = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const result = await normalizeUpload(wide);
    expect([result.width, result.height]).toEqual([4096, 2048]);
  });

  it('refuses a file over 10 MB with the spec message', async () => {
    const error = await refusal(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('Fichier trop volumineux. Taille maximale : 10MB');
  });

  it.each([
    ['a text file', Buffer.from('Bonjour, ceci est un fichier texte et non une photo.\n'.repeat(5))],
    [
      'an SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      ),
    ],
    [
      'an SVG with an XML declaration',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    ],
    [
      'an HTML page named photo.jpg',
      Buffer.from('<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>'),
    ],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')],
  ])('refuses %s as not an image', async (_, input) => {
    const error = await refusal(input);
    expect(error.code).toBe('UNSUPPORTED_MEDIA');
    expect(error.message).toBe('Format non supporté. Veuillez sélectionner une image.');
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await photo(400, 300);
    const error = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe(MEDIA_MESSAGES.unreadable);
  });

  it('refuses bytes that only start like a JPEG', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('not really a picture, just text after a JPEG marker'),
    ]);
    expect(['VALIDATION', 'UNSUPPORTED_MEDIA']).toContain((await refusal(fake)).code);
  });

  it('refuses a decompression bomb from its header', async () => {
    const bomb = pngBomb(100_000);
    expect(bomb.length).toBeLessThan(2000);
    const error = await refusal(bomb);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe(MEDIA_MESSAGES.tooManyPixels);
  });
});

describe('storeUpload', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atelier-upload-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores the normalised JPEG under a generated key', async () => {
    const storage = new LocalDiskStorage(root);
    const stored = await storeUpload(storage, await photo(200, 150));
    expect(stored.key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(stored).toMatchObject({ width: 200, height: 150, mime: 'image/jpeg' });
    expect((await storage.get(stored.key)).length).toBe(stored.size);
  });

  it('writes nothing for a refused file', async () => {
    const storage = new LocalDiskStorage(root);
    const refused = [
      Buffer.alloc(10 * 1024 * 1024 + 1),
      Buffer.from('<svg><script>alert(1)</script></svg>'),
      pngBomb(60_000),
    ];
    for (const input of refused) await expect(storeUpload(storage, input)).rejects.toBeInstanceOf(MediaError);
    expect(await readdir(root, { recursive: true })).toEqual([]);
  });
});
