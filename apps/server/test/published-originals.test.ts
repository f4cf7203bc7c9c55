import { GalleryItem, Video } from '@atelier/db';
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
    const up = await m.c.upload(await samplePhoto(seed), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    expect(up.status, up.text).toBe(200);
    const done = await m.c.post(`/api/transform/${up.body.id}`);
    expect(done.status, done.text).toBe(200);
    return { original: up.body.imagePath, result: done.body.transformedImagePath };
  }

  async function saved(m: Member, creation: Creation, originalImagePath: string | null = creation.original) {
    const res = await m.c.post('/api/gallery/save', {
      transformedImagePath: creation.result,
      originalImagePath,
      transformationType: 'style',
      transformationOption: 'Aquarelle',
    });
    expect(res.status, res.text).toBe(200);
    return res.body.item as { id: number; originalImagePath: string | null };
  }

  /** Published with its original unless told otherwise: most of these tests are about a public original. */
  const publish = async (m: Member, id: number, body: unknown = { withOriginal: true }) =>
    expect((await m.c.post(`/api/posts/${id}/public`, body)).status).toBe(200);
  const shown = async (path: string) => (await visitor().get(path)).status;
  const feedPost = async (id: number) =>
    ((await visitor().get('/api/feed/public')).body.posts as { id: number; originalImagePath: string | null }[]).find(
      (post) => post.id === id,
    );

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

  it("withdraws a published original from the other members' renders and videos once its owner unpublishes it", async () => {
    const anna = await member();
    const bruno = await member();
    const annas = await created(anna, 7);
    const annaItem = await saved(anna, annas);
    await publish(anna, annaItem.id);

    // Bruno renders Anna's public original in the editor: his render names it as its original.
    const render = await bruno.c.request(
      'POST',
      '/trpc/transform.workflow',
      JSON.stringify({
        json: {
          nodeId: 'render-1',
          image: annas.original,
          style: 'watercolor',
          type: 'workflow',
          intensity: 0.8,
          selection: { style: { id: 'watercolor' } },
        },
      }),
      { 'content-type': 'application/json' },
    );
    expect(render.status, render.text).toBe(200);
    const [brunoItem] = (await bruno.c.get(`/api/gallery/${bruno.userId}`)).body.gallery as {
      id: number;
      originalImagePath: string;
    }[];
    expect(brunoItem?.originalImagePath).toBe(annas.original);
    await publish(bruno, brunoItem!.id);
    // And he made a video of it, published once Anna has withdrawn it.
    const em = t.db.orm.em.fork();
    const [videoKey, posterKey] = await Promise.all([
      t.media.storage.put('videos', Buffer.from('mp4'), 'mp4'),
      t.media.storage.put('videos', await samplePhoto(8), 'jpg'),
    ]);
    const video = em.create(Video, {
      owner: bruno.userId,
      sourceImage: annas.original,
      videoUrl: `/api/media/${videoKey}`,
      thumbnailPath: `/api/media/${posterKey}`,
      prompt: 'p',
      status: 'ready',
      isAccessible: true,
      createdAt: new Date(),
    });
    await em.flush();

    expect((await anna.c.request('DELETE', `/api/posts/${annaItem.id}/public`)).status).toBe(200);
    const videoPost = await bruno.c.post(`/api/videos/${video.id}/public`);
    expect(videoPost.status, videoPost.text).toBe(200);
    expect(await shown(annas.original)).toBe(404);
    expect((await bruno.c.get(annas.original)).status).toBe(404);
    expect((await feedPost(brunoItem!.id))?.originalImagePath).toBeNull();
    expect((await feedPost(videoPost.body.postId))?.originalImagePath).toBeNull();
  });

  it("withdraws a borrowed original once its owner's post shows the result alone", async () => {
    const anna = await member();
    const bruno = await member();
    const annas = await created(anna, 9);
    const annaItem = await saved(anna, annas);
    await publish(anna, annaItem.id);
    const brunoItem = await saved(bruno, await created(bruno, 10));
    await t.db.orm.em.fork().nativeUpdate(GalleryItem, { id: brunoItem.id }, { originalImagePath: annas.original });
    await publish(bruno, brunoItem.id);
    const galleryUrl = `/api/gallery/${bruno.userId}`;
    const before = await bruno.c.get(galleryUrl);
    expect(before.headers.etag).toBeDefined();

    await publish(anna, annaItem.id, { withOriginal: false });
    expect(await shown(annas.original)).toBe(404);
    expect((await feedPost(brunoItem.id))?.originalImagePath).toBeNull();
    // Bruno's open gallery, polling, hears of it: not a 304 with the original still in it.
    const polled = await bruno.c.request('GET', galleryUrl, undefined, {
      'if-none-match': String(before.headers.etag),
    });
    expect(polled.status).toBe(200);
    const [brunos] = polled.body.gallery as { originalImagePath: string | null }[];
    expect(brunos?.originalImagePath).toBeNull();
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

  it('publishes the result alone when the client does not say, as the studio does', async () => {
    const emma = await member();
    const creation = await created(emma, 5);
    const item = await saved(emma, creation);
    await publish(emma, item.id, {});
    expect(await shown(creation.result)).toBe(200);
    expect(await shown(creation.original)).toBe(404);
    expect((await feedPost(item.id))?.originalImagePath).toBeNull();
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
