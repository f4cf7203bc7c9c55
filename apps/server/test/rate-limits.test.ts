import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { testQueueTargets } from './support/redis';

const PER_MINUTE = 3;

/** Free image work and previews are limited per user, on the REST paths and tRPC alike; with Redis, across instances. */
describe.each(testQueueTargets())('free image work and preview limits, counters $name', (queue) => {
  let a: TestApp;
  let b: TestApp;
  let photo: Buffer;

  beforeAll(async () => {
    const rateLimits = { imageWorkPerMinute: PER_MINUTE, previewsPerMinute: PER_MINUTE };
    a = await startTestApp({ name: 'sqlite' }, { queue, rateLimits });
    // Only Redis is shared: in-process counters belong to one instance, as on one machine.
    b = queue.name === 'redis' ? await startTestApp({ name: 'sqlite' }, { queue, instanceOf: a, rateLimits }) : a;
    photo = await samplePhoto(3);
  });

  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });

  it('refuses the upload past the limit with a French 429 and Retry-After, counting the user wherever they call from', async () => {
    const alice = a.client({ ip: '10.50.0.1' });
    await alice.register();
    const aliceElsewhere = b.client({ ip: '10.50.0.2' });
    alice.copySessionTo(aliceElsewhere);

    const statuses = [];
    for (let call = 0; call < PER_MINUTE; call++)
      statuses.push((await (call % 2 ? aliceElsewhere : alice).upload(photo)).status);
    expect(statuses).toEqual(Array(PER_MINUTE).fill(200));

    const refused = await aliceElsewhere.upload(photo);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Trop d'images traitées en peu de temps\. Réessayez dans \d+ s\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same limit on tRPC: the composite counts against the same user.
    const composite = await alice.post('/trpc/media.combine', {
      imageUrls: ['/api/media/a.jpg', '/api/media/b.jpg'],
      layout: 'dual',
    });
    expect(composite.status).toBe(429);
    expect(Number(composite.headers['retry-after'])).toBeGreaterThan(0);

    // Another person from the same address is not held back by Alice.
    const bob = a.client({ ip: '10.50.0.1' });
    await bob.register();
    expect((await bob.upload(photo)).status).toBe(200);
  });

  it('refuses a visitor, and a member past the limit, before reading a byte of the picture', async () => {
    // A body that starts and never ends: only an answer that does not wait for it comes back.
    const endless = () => {
      const body = new PassThrough();
      body.write(
        '--x\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      );
      return body;
    };
    const form = { 'content-type': 'multipart/form-data; boundary=x' };
    const visitor = await a.client({ ip: '10.50.2.1' }).request('POST', '/api/upload', endless(), form);
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('Utilisateur non connecté');

    const carol = a.client({ ip: '10.50.2.2' });
    await carol.register();
    for (let call = 0; call < PER_MINUTE; call++) expect((await carol.upload(photo)).status).toBe(200);
    for (const path of ['/api/upload', '/api/upload-reference']) {
      const refused = await carol.request('POST', path, endless(), form);
      expect(refused.status, path).toBe(429);
      expect(refused.headers['retry-after'], path).toBeDefined();
    }
  });

  it("refuses a member's previews past the limit with a French 429 and Retry-After, and no other member's", async () => {
    const keptSample = async (member: TestClient) => {
      await member.register();
      const kept = await member.upload(photo, {}, { path: '/api/option-samples' });
      expect(kept.status, kept.text).toBe(200);
      return `/api/option-samples/${(kept.body as { sampleId: string }).sampleId}`;
    };
    const dana = a.client({ ip: '10.50.3.1' });
    const sample = await keptSample(dana);
    const danaElsewhere = b.client({ ip: '10.50.3.2' });
    dana.copySessionTo(danaElsewhere);
    const tile = `${sample}/lighting-golden-hour.jpg`;
    const statuses = [];
    for (let call = 0; call < PER_MINUTE; call++)
      statuses.push((await (call % 2 ? danaElsewhere : dana).get(tile)).status);
    expect(statuses).toEqual(Array(PER_MINUTE).fill(200));

    const refused = await danaElsewhere.get(tile);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Trop d'aperçus demandés en peu de temps\. Réessayez dans \d+ s\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another member, from the same address, previews as if Dana were not there.
    const emile = a.client({ ip: '10.50.3.1' });
    const emileSample = await keptSample(emile);
    expect((await emile.get(`${emileSample}/lighting-golden-hour.jpg`)).status).toBe(200);
  });

  it('counts a visitor by address', async () => {
    const visitor = a.client({ ip: '10.50.1.1' });
    const statuses = [];
    for (let call = 0; call <= PER_MINUTE; call++)
      statuses.push((await visitor.get('/api/view-stitch/none.jpg')).status);
    expect(statuses.slice(0, PER_MINUTE).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await a.client({ ip: '10.50.1.2' }).get('/api/view-stitch/none.jpg')).status).not.toBe(429);
  });
});
