import { readFile } from 'node:fs/promises';
import { testDatabaseTargets } from '@atelier/db/testing';
import { THUMBNAIL_SIZE } from '@atelier/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';

const photo = (name: string) => readFile(new URL(`../../../../shared/photos/${name}`, import.meta.url));

/** The mean absolute difference of two pictures' pixels, both seen as a tile sees them (0–255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const pixels = (image: Buffer) =>
    sharp(image).resize(64, 64, { fit: 'contain', background: '#e9ecef' }).removeAlpha().raw().toBuffer();
  const [first, second] = await Promise.all([pixels(a), pixels(b)]);
  return first.reduce((sum, value, index) => sum + Math.abs(value - second[index]!), 0) / first.length;
}

/**
 * How far apart two tiles of one photo are (mean absolute difference, 0–255) in the band where a
 * caption goes, the bottom of the photo as the tile fits it, and above it.
 */
async function apartInCaptionBand(a: Buffer, b: Buffer, photo: Buffer): Promise<{ band: number; above: number }> {
  const { width = 1, height = 1 } = await sharp(photo).metadata();
  const shown = Math.round(THUMBNAIL_SIZE * Math.min(1, height / width));
  const top = Math.round((THUMBNAIL_SIZE - shown) / 2);
  const region = (image: Buffer, from: number, to: number) =>
    sharp(image)
      .extract({
        left: 0,
        top: top + Math.round(shown * from),
        width: THUMBNAIL_SIZE,
        height: Math.round(shown * (to - from)),
      })
      .removeAlpha()
      .raw()
      .toBuffer();
  const apart = async (from: number, to: number) => {
    const [first, second] = await Promise.all([region(a, from, to), region(b, from, to)]);
    return first.reduce((sum, value, index) => sum + Math.abs(value - second[index]!), 0) / first.length;
  };
  return { band: await apart(0.82, 0.98), above: await apart(0.05, 0.75) };
}

describe.each(testDatabaseTargets())("options previewed on the member's photo, on $name", (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 70);

  async function member(): Promise<{ c: TestClient; userId: number; password: string }> {
    const c = client();
    const { user, password } = await c.register();
    return { c, userId: user.id, password };
  }

  async function keepSample(c: TestClient, image: Buffer): Promise<string> {
    const kept = await c.upload(image, {}, { path: '/api/option-samples' });
    expect(kept.status, kept.text).toBe(200);
    return (kept.body as { sampleId: string }).sampleId;
  }

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows each option on the member's own photo", async () => {
    const { c } = await member();
    const astronaut = await photo('astronaut.jpg');
    const sampleId = await keepSample(c, astronaut);
    expect(sampleId).toMatch(/^[0-9a-f]{40}$/);

    const tile = await c.get(`/api/option-samples/${sampleId}/lighting-golden-hour.jpg`);
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect(tile.headers['cache-control']).toMatch(/^private/);
    const { width, height } = await sharp(tile.raw).metadata();
    expect([width, height]).toEqual([THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
    // The member's photo under the golden light, not the stock portrait every visitor sees.
    const stock = (await client().get('/api/thumbnail/lighting-golden-hour.jpg')).raw;
    const fromPhoto = await difference(tile.raw, astronaut);
    expect(fromPhoto).toBeLessThan(await difference(stock, astronaut));
    // …and the light changed it.
    expect(fromPhoto).toBeGreaterThan(2);
  });

  it('captions the tile of an option only the cloud engine renders instead of drawing another look', async () => {
    const { c } = await member();
    const coffee = await photo('coffee.jpg');
    const sampleId = await keepSample(c, coffee);
    const pirate = await c.get(`/api/option-samples/${sampleId}/character-pirate.jpg`);
    expect(pirate.status).toBe(200);
    // The pirate's tile is the cup under a dark caption band (« Moteur cloud »).
    const plain = await sharp(coffee)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background: '#e9ecef' })
      .toBuffer();
    const { band, above } = await apartInCaptionBand(pirate.raw, plain, coffee);
    expect(band).toBeGreaterThan(15);
    expect(above).toBeLessThan(5);
  });

  it("keeps each member's photo to themselves, one at a time, and forgets it with the account", async () => {
    const ana = await member();
    const ben = await member();
    const first = await keepSample(ana.c, await photo('astronaut.jpg'));
    // Another member, and a visitor, find nothing under Ana's id.
    expect((await ben.c.get(`/api/option-samples/${first}/lighting-golden-hour.jpg`)).status).toBe(404);
    expect((await client().get(`/api/option-samples/${first}/lighting-golden-hour.jpg`)).status).toBe(401);
    expect((await client().upload(await photo('coffee.jpg'), {}, { path: '/api/option-samples' })).status).toBe(401);

    // The same photo again is the same sample; another takes its place.
    expect(await keepSample(ana.c, await photo('astronaut.jpg'))).toBe(first);
    const second = await keepSample(ana.c, await photo('chelsea.jpg'));
    expect(second).not.toBe(first);
    const replaced = await ana.c.get(`/api/option-samples/${first}/lighting-golden-hour.jpg`);
    expect(replaced.status).toBe(404);
    expect(replaced.body.message).toMatch(/introuvable/i);

    expect((await ana.c.post('/api/account/delete', { password: ana.password })).status).toBe(200);
    await expect(t.media.renders.sampleTile(ana.userId, second, 'lighting-golden-hour')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses what is not a photo, an unknown option and a malformed id, in French', async () => {
    const { c } = await member();
    const text = await c.upload(Buffer.from('pas une image'), {}, { path: '/api/option-samples', type: 'text/plain' });
    expect([400, 415]).toContain(text.status);
    expect(text.body.message).toMatch(/image/i);
    const sampleId = await keepSample(c, await photo('coffee.jpg'));
    const unknown = await c.get(`/api/option-samples/${sampleId}/lighting-nowhere.jpg`);
    expect(unknown.status).toBe(404);
    const malformed = await c.get('/api/option-samples/pas-un-id/lighting-golden-hour.jpg');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Aperçu inconnu : renvoyez la photo.');
  });
});
