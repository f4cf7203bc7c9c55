import { GalleryItem } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberFactory, type Member } from './support/gallery';
import { startTestApp, type TestApp } from './support/harness';
import { samplePhoto } from './support/images';

interface Creation {
  original: string;
  result: string;
}

describe.each(testDatabaseTargets())('published originals on $name', (target) => {
  let t: TestApp;
  const member = memberFactory(() => t, 42);
  const visitor = () => t.client({ ip: '10.43.0.1' });

  /** An upload of the member's and its transformation, as the studio makes them. */
  async function created(m: Member, seed: number): Promise<Creation> {
    const up = await m.c.upload(await samplePhoto(seed), { selection: JSON.stringify({ style: { id: 'watercolor' } }) });
    expect(up.status, up.text).toBe(200);
    const done = await m.c.post(`/api/transform/${up.body.id}`);
    expect(done.status, done.text).toBe(200);
    return { original: up.body.imagePath, result: done.body.transformedImagePath };
  }

  async function saved(m: Member, creation: Creation, originalImagePath: string | null = creation.original) {
    const res = await m.c.post('/api/gallery/save', { transformedImagePath: creation.result, originalImagePath, transformationType: 'style', transformationOption: 'Aquarelle' });
    expect(res.status, res.text).toBe(200);
    return res.body.item as { id: number; originalImagePath: string | null };
  }

  const publish = async (m: Member, id: number, body: unknown = {}) => expect((await m.c.post(`/api/posts/${id}/public`, body)).status).toBe(200);
  const shown = async (path: string) => (await visitor().get(path)).status;
  const feedPost = async (id: number) => ((await visitor().get('/api/feed/public')).body.posts as { id: number; originalImagePath: string | null }[]).find((post) => post.id === id);

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives another member's item its own original, not the published one it names", async () => {
    const anna = await member();
    const bruno = await member();
    const annas = await created(anna, 1);
    const annaItem = await saved(anna, annas);
    await publish(anna, annaItem.id);
    expect(await shown(annas.original)).toBe(200);

    const brunos = await created(bruno, 2);
    const brunoItem = await saved(bruno, brunos, annas.original);
    expect(brunoItem.originalImagePath).toBe(brunos.original);
    await publish(bruno, brunoItem.id);

    // Anna withdraws her post: her original is no one's to show any more.
    expect((await anna.c.request('DELETE', `/api/gallery/${annaItem.id}`)).status).toBe(200);
    expect(await shown(annas.original)).toBe(404);
    expect((await bruno.c.get(annas.original)).status).toBe(404);
    expect(await shown(brunos.original)).toBe(200);
  });

  it('takes the original from the transformation when a client names one the server cannot resolve', async () => {
    const camille = await member();
    const creation = await created(camille, 3);
    expect((await saved(camille, creation, 'https://cdn.example/photo.jpg')).originalImagePath).toBe(creation.original);
  });

  it('withdraws an original borrowed before the rule from the other items once its owner deletes the post', async () => {
    const anna = await member();
    const bruno = await member();
    const annas = await created(anna, 4);
    const annaItem = await saved(anna, annas);
    await publish(anna, annaItem.id);
    const brunos = await created(bruno, 5);
    const brunoItem = await saved(bruno, brunos);
    // What the server let through before: Bruno's item naming Anna's published original.
    await t.db.orm.em.fork().nativeUpdate(GalleryItem, { id: brunoItem.id }, { originalImagePath: annas.original });

    expect((await anna.c.request('DELETE', `/api/gallery/${annaItem.id}`)).status).toBe(200);
    await publish(bruno, brunoItem.id);
    expect(await shown(annas.original)).toBe(404);
    expect((await feedPost(brunoItem.id))?.originalImagePath).toBeNull();
  });

  it('publishes the result alone when the owner asks, and the original with it when asked again', async () => {
    const dora = await member();
    const creation = await created(dora, 6);
    const item = await saved(dora, creation);
    // The before/after view shows the original: it is as private as the original itself.
    const beforeAfter = `/api/view-stitch/${creation.result.split('/').pop()}`;
    expect((await dora.c.get(beforeAfter)).status).toBe(200);
    await publish(dora, item.id, { withOriginal: false });
    expect(await shown(creation.result)).toBe(200);
    expect(await shown(creation.original)).toBe(404);
    expect(await shown(beforeAfter)).toBe(404);
    expect((await feedPost(item.id))?.originalImagePath).toBeNull();

    await publish(dora, item.id, { withOriginal: true });
    expect(await shown(creation.original)).toBe(200);
    expect(await shown(beforeAfter)).toBe(200);
    expect((await feedPost(item.id))?.originalImagePath).toBe(creation.original);

    const refused = await dora.c.post(`/api/posts/${item.id}/public`, { withOriginal: 'non' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('La valeur « withOriginal » doit être vraie ou fausse.');
  });
});
