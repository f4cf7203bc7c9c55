import { S3Storage } from '@atelier/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../packages/media/test/support/s3-server';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { expectHidden, expectServedInRanges } from './support/ranges';

/** STORAGE=s3: the media routes behave as on disk, against an S3-compatible server on 127.0.0.1. */
describe('media in an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let a: TestApp;
  let b: TestApp;
  let ip = 0;

  async function signedIn(app: TestApp): Promise<TestClient> {
    const c = app.client({ ip: `10.60.0.${++ip}` });
    await c.register();
    return c;
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    a = await startTestApp({ name: 'sqlite' }, { media: { storage: new S3Storage(s3.settings) } });
    // Another instance with a client of its own for the same bucket, as on another machine.
    b = await startTestApp({ name: 'sqlite' }, { instanceOf: a, media: { storage: new S3Storage(s3.settings) } });
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
    const uploaded = await owner.upload(await samplePhoto(6), { selection: JSON.stringify({ style: { id: 'watercolor' } }) });
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
});
