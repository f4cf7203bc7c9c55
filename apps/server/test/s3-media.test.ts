import { RENDER_VERSION, RenderCache, S3Storage } from '@atelier/media';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../packages/media/test/support/s3-server';
import { addressesIn } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { expectHidden, expectServedInRanges } from './support/ranges';

/** STORAGE=s3: the media routes behave as on disk, against an S3-compatible server on 127.0.0.1. */
describe('media in an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let a: TestApp;
  let b: TestApp;
  const nextAddress = addressesIn(60);

  async function signedIn(app: TestApp): Promise<TestClient> {
    const c = app.client({ ip: nextAddress() });
    await c.register();
    return c;
  }

  /** Media and renders in the bucket, through a client of the instance's own: no folder shared. */
  function onTheBucket(): { storage: S3Storage; renders: RenderCache } {
    const storage = new S3Storage(s3.settings);
    return { storage, renders: new RenderCache(storage.renders()) };
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    a = await startTestApp({ name: 'sqlite' }, { media: onTheBucket() });
    // Another instance with a client of its own for the same bucket, as on another machine.
    b = await startTestApp({ name: 'sqlite' }, { instanceOf: a, media: onTheBucket() });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('sends an upload in byte ranges, with validators, to its owner only, from either instance', async () => {
    const owner = await signedIn(a);
    const uploaded = await owner.upload(await samplePhoto(5, 640, 480));
    expect(uploaded.status, uploaded.text).toBe(200);
    const onB = b.client({ ip: '10.60.1.1' });
    owner.copySessionTo(onB);
    const whole = await expectServedInRanges(onB, uploaded.body.imagePath);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    await expectHidden(await signedIn(b), uploaded.body.imagePath);
    await expectHidden(b.client({ ip: '10.60.1.2' }), uploaded.body.imagePath);
  });

  it('transforms on B a picture uploaded on A, and keeps the result in the bucket', async () => {
    const owner = await signedIn(a);
    const uploaded = await owner.upload(await samplePhoto(6), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    const onB = b.client({ ip: '10.60.1.3' });
    owner.copySessionTo(onB);
    const transformed = await onB.post(`/api/transform/${uploaded.body.id}`, {});
    expect(transformed.status, transformed.text).toBe(200);
    expect(transformed.body.transformedImagePath).toMatch(/^\/api\/media\/results\//);
    const result = await owner.get(transformed.body.transformedImagePath);
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('image/jpeg');
    expect(result.raw.length).toBeGreaterThan(1000);
  });

  it('serves on B the before/after view A rendered, without rendering it again, to its owner only', async () => {
    const owner = await signedIn(a);
    const uploaded = await owner.upload(await samplePhoto(7), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    const transformed = await owner.post(`/api/transform/${uploaded.body.id}`, {});
    const filename = String(transformed.body.transformedImagePath).split('/').pop()!;
    const onA = await owner.get(`/api/view-stitch/${filename}`);
    expect(onA.status).toBe(200);
    expect(a.media.renders.rendered.stitch).toBe(1);

    const onB = b.client({ ip: '10.60.1.4' });
    owner.copySessionTo(onB);
    const again = await onB.get(`/api/view-stitch/${filename}`);
    expect(again.status).toBe(200);
    expect(again.raw.equals(onA.raw)).toBe(true);
    expect(b.media.renders.rendered.stitch).toBe(0);
    // In the bucket, the render is still the owner's: the check comes before every read.
    expect((await (await signedIn(b)).get(`/api/view-stitch/${filename}`)).status).toBe(404);
    expect((await b.client({ ip: '10.60.1.5' }).get(`/api/view-stitch/${filename}`)).status).toBe(404);
  });

  it('renders an option thumbnail once for both instances, and no media address reaches the renders', async () => {
    const thumbnail = await a.client({ ip: '10.60.1.6' }).get('/api/thumbnail/lighting-golden-hour.jpg');
    const fromB = await b.client({ ip: '10.60.1.7' }).get('/api/thumbnail/lighting-golden-hour.jpg');
    expect([thumbnail.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.raw.equals(thumbnail.raw)).toBe(true);
    expect([a.media.renders.rendered.thumbnail, b.media.renders.rendered.thumbnail]).toEqual([1, 0]);
    expect(
      (await (await signedIn(b)).get(`/api/media/renders/${RENDER_VERSION}/lighting-golden-hour.jpg`)).status,
    ).toBe(404);
  });

  it('exports the account’s pictures from the bucket, and deleting the account removes them from it', async () => {
    const owner = a.client({ ip: nextAddress() });
    const { user } = await owner.register();
    // The photo the studio previews the options on, and its tiles, are in the bucket too.
    const { sampleId } = (await owner.upload(await samplePhoto(8), {}, { path: '/api/option-samples' })).body as {
      sampleId: string;
    };
    expect((await owner.get(`/api/option-samples/${sampleId}/lighting-golden-hour.jpg`)).status).toBe(200);
    const uploaded = await owner.upload(await samplePhoto(7), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    const { transformedImagePath } = (await owner.post(`/api/transform/${uploaded.body.id}`, {})).body as {
      transformedImagePath: string;
    };
    const files = [uploaded.body.imagePath as string, transformedImagePath];

    const exported = await owner.get('/api/account/export');
    expect(exported.status).toBe(200);
    const entries = unzipSync(new Uint8Array(exported.raw));
    for (const url of files)
      expect(Buffer.from(entries[url.replace('/api/media/', 'media/')]!).equals((await owner.get(url)).raw), url).toBe(
        true,
      );

    expect((await owner.post('/api/account/delete', { password: 'motdepasse' })).status).toBe(200);
    for (const url of files) await expect(a.media.storage.stat(url.replace('/api/media/', ''))).rejects.toThrow();
    await expect(b.media.renders.sampleTile(user.id, sampleId, 'lighting-golden-hour')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
