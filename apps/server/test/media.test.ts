import { testDatabaseTargets } from '@atelier/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { savedItem } from './support/gallery';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { expectHidden, expectServedInRanges } from './support/ranges';

describe.each(testDatabaseTargets())('media, art and composites on $name', (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 30);

  async function signedIn(): Promise<TestClient> {
    const c = client();
    await c.register();
    return c;
  }

  async function upload(c: TestClient, seed = 1, { width = 320, height = 240 } = {}): Promise<string> {
    const res = await c.upload(await samplePhoto(seed, width, height), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    expect(res.status, res.text).toBe(200);
    return res.body.imagePath;
  }

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the default models and welcome images, and remembers the last image used', async () => {
    const visitor = await client().get('/api/default-models');
    expect(visitor.status).toBe(200);
    expect(visitor.body.lastUsedImage).toBeNull();
    expect(visitor.body.defaultModels.length).toBeGreaterThanOrEqual(5);
    const art = await client().get(visitor.body.defaultModels[0]);
    expect(art.status).toBe(200);
    expect(art.headers['content-type']).toBe('image/jpeg');

    const welcome = await client().get('/api/gallery/default');
    expect(welcome.body.success).toBe(true);
    expect((await client().get(welcome.body.images[0])).status).toBe(200);

    const c = await signedIn();
    const imagePath = await upload(c);
    expect((await c.get('/api/default-models')).body.lastUsedImage).toBe(imagePath);
    expect((await c.post('/api/set-last-used-image', { imagePath: welcome.body.images[1] })).status).toBe(200);
    expect((await c.get('/api/default-models')).body.lastUsedImage).toBe(welcome.body.images[1]);
    const stranger = await signedIn();
    expect((await stranger.post('/api/set-last-used-image', { imagePath })).status).toBe(404);
    expect((await client().get('/api/art/nothing-here.jpg')).status).toBe(404);
  });

  it('sends a picture in byte ranges, with validators, to its owner only', async () => {
    const c = await signedIn();
    const imagePath = await upload(c);
    const whole = await expectServedInRanges(c, imagePath);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    await expectHidden(await signedIn(), imagePath);
    await expectHidden(client(), imagePath);
  });

  it('sends a published picture to visitors, in byte ranges too', async () => {
    const c = client();
    const { user, email } = await c.register();
    const imagePath = await upload(c);
    const { id } = await savedItem(t, { c, userId: user.id, email }, { originalImagePath: imagePath });
    await expectHidden(client(), imagePath);
    expect((await c.post(`/api/posts/${id}/public`, { withOriginal: true })).status).toBe(200);
    await expectServedInRanges(client(), imagePath);
  });

  it('renders option thumbnails once, with or without the category', async () => {
    const withCategory = await client().get('/api/thumbnail/style-watercolor.jpg');
    expect(withCategory.status).toBe(200);
    const { width, height } = await sharp(withCategory.raw).metadata();
    expect([width, height]).toEqual([256, 256]);
    const bare = await client().get('/api/thumbnail/watercolor.jpg');
    expect(bare.raw.equals(withCategory.raw)).toBe(true);
    expect((await client().get('/api/thumbnail/lighting-golden-hour.jpg')).raw.equals(withCategory.raw)).toBe(false);
    for (const name of ['style-nope.jpg', '..%2F..%2Fsecret.jpg', '%2e%2e.jpg'])
      expect((await client().get(`/api/thumbnail/${name}`)).status).toBe(404);
  });

  it('combines two of the user’s images, and refuses someone else’s', async () => {
    const c = await signedIn();
    const a = await upload(c, 1);
    const b = await upload(c, 2);
    const res = await c.post('/api/create-composite', { imageUrls: [a, b], importance: [1, 1], layout: 'dual' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      compositeImagePath: expect.stringMatching(/^\/api\/media\/composites\//),
    });
    expect((await c.get(res.body.compositeImagePath)).status).toBe(200);

    const mismatch = await c.post('/api/create-composite', { imageUrls: [a, b], layout: 'triple' });
    expect(mismatch.status).toBe(400);
    const single = await c.post('/api/create-composite', { imageUrls: [a], layout: 'dual' });
    expect(single.body.message).toBe('Connectez au moins 2 images au nœud COMBINE pour les fusionner');
    const other = await signedIn();
    const theirs = await upload(other, 3);
    expect((await c.post('/api/create-composite', { imageUrls: [a, theirs], layout: 'dual' })).status).toBe(404);
  });

  it('composes the main picture with its references', async () => {
    const c = await signedIn();
    const main = await upload(c, 4);
    const face = await c.upload(await samplePhoto(5), { type: 'face' }, { field: 'referenceImage' });
    expect(face.status, face.text).toBe(200);
    const bad = await c.post('/api/upload-reference', {});
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const res = await c.post('/api/create-composite', {
      mainImage: main,
      referenceImages: { face: face.body.imagePath },
      referenceImportance: { face: 0.8 },
    });
    expect(res.status, res.text).toBe(200);
    expect((await c.get(res.body.compositePath)).status).toBe(200);
  });

  it('shows a result before|after to its owner only', async () => {
    const c = await signedIn();
    const { body: up } = await c.upload(await samplePhoto(6), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    const { body: result } = await c.post(`/api/transform/${up.id}`);
    const filename = String(result.transformedImagePath).split('/').pop();
    const stitched = await c.get(`/api/view-stitch/${filename}`);
    expect(stitched.status).toBe(200);
    const { width, height } = await sharp(stitched.raw).metadata();
    expect(width).toBeGreaterThan(height);
    const stranger = await signedIn();
    const refused = await stranger.get(`/api/view-stitch/${filename}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Image non disponible');
    expect((await c.get('/api/view-stitch/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  /** A 3000 × 2000 upload: a grid's card needs a tenth of its pixels. */
  const uploadLarge = (c: TestClient) => upload(c, 3, { width: 3000, height: 2000 });

  it('sends a picture’s owner its small WebP, the short side at the width asked, made once', async () => {
    const c = await signedIn();
    const imagePath = await uploadLarge(c);
    const full = await c.get(imagePath);
    const rendered = t.media.renders.rendered.preview;

    for (const width of [320, 640]) {
      const preview = await c.get(`${imagePath}?w=${width}`);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.headers['content-type']).toBe('image/webp');
      expect(preview.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const metadata = await sharp(preview.raw).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.width, metadata.height]).toEqual([width * 1.5, width]);
      expect(preview.raw.length).toBeLessThan(full.raw.length / 4);
    }
    // Asked again: read from the cache, not made a second time.
    expect((await c.get(`${imagePath}?w=320`)).status).toBe(200);
    expect(t.media.renders.rendered.preview).toBe(rendered + 2);

    // A picture smaller than the width asked is never enlarged.
    const small = await c.get(`${await upload(c, 4, { width: 300, height: 200 })}?w=640`);
    const { width, height } = await sharp(small.raw).metadata();
    expect([width, height]).toEqual([300, 200]);
  });

  it('hides a private picture’s small version from strangers and visitors, and shows a published one’s', async () => {
    const owner = client();
    const { user, email } = await owner.register();
    const imagePath = await uploadLarge(owner);
    for (const other of [await signedIn(), client()]) {
      const refused = await other.get(`${imagePath}?w=320`);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Ressource introuvable');
    }
    const { id } = await savedItem(t, { c: owner, userId: user.id, email }, { originalImagePath: imagePath });
    expect((await owner.post(`/api/posts/${id}/public`, { withOriginal: true })).status).toBe(200);
    const shown = await client().get(`${imagePath}?w=320`);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
  });

  it('refuses a small version of a width it does not make, or of a video, in French; an unknown picture is 404', async () => {
    const c = await signedIn();
    const imagePath = await uploadLarge(c);
    for (const width of ['100', '10000', 'grand', '', '320.5']) {
      const refused = await c.get(`${imagePath}?w=${width}`);
      expect(refused.status, width).toBe(400);
      expect(refused.body.message).toBe('Largeur d’aperçu inconnue : 320 ou 640 pixels.');
    }
    const video = await c.get('/api/media/videos/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.mp4?w=320');
    expect(video.status).toBe(400);
    expect(video.body.message).toBe('Aperçu disponible pour les images seulement.');
    const unknown = await c.get('/api/media/uploads/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg?w=320');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Ressource introuvable');
  });
});
