import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GalleryItem, Video } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberFactory, savedItem, transformationResult, type Member } from './support/gallery';
import { startTestApp, type TestApp } from './support/harness';

const INDEX_HTML = `<!doctype html>
<html lang="fr">
  <head>
    <meta name="description" content="Atelier transforme vos photos." />
    <title>Atelier</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The content of each `<meta property|name="…">` of a page. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g))
    tags[key!] = content!;
  return tags;
}

describe.each(testDatabaseTargets())('public pages of published images and videos on $name', (target) => {
  let t: TestApp;
  let webDist: string;
  const member = memberFactory(() => t, 61);
  let visitorCount = 0;
  const visitor = () => t.client({ ip: `10.62.0.${++visitorCount}` });

  async function feedIds(): Promise<number[]> {
    return (await visitor().get('/api/feed/public')).body.posts.map((post: { id: number }) => post.id);
  }

  /** A finished video of the member's, with its poster, as generation leaves it. */
  async function readyVideo(m: Member): Promise<{ id: number; videoUrl: string; thumbnailPath: string }> {
    const videoKey = await t.media.storage.put('videos', randomBytes(32 * 1024), 'mp4');
    const posterKey = await t.media.storage.put('videos', randomBytes(1024), 'jpg');
    const em = t.db.orm.em.fork();
    const video = em.create(Video, {
      owner: m.userId,
      sourceImage: '/api/media/uploads/2026/11/source.jpg',
      videoUrl: `/api/media/${videoKey}`,
      thumbnailPath: `/api/media/${posterKey}`,
      prompt: 'travelling lent',
      status: 'ready',
      isAccessible: true,
      createdAt: new Date(),
    });
    await em.flush();
    return { id: video.id, videoUrl: video.videoUrl, thumbnailPath: video.thumbnailPath! };
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'atelier-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    t = await startTestApp(target, { webDist, publicUrl: 'https://atelier.example' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('gives a published image a page anyone can open, with its link preview tags, until the owner unpublishes it', async () => {
    const alice = await member({ firstName: 'Alice', lastName: 'Martin' });
    const { id, transformedImagePath } = await savedItem(t, alice, { transformationOption: 'Aquarelle + Paris' });
    expect((await visitor().get(`/p/${id}`)).status).toBe(404);
    expect((await alice.c.post(`/api/posts/${id}/public`)).status).toBe(200);

    const page = await visitor().get(`/p/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="root">');
    expect(page.text).toContain('<title>Aquarelle + Paris — Atelier</title>');
    expect(page.text.match(/<title>/g)).toHaveLength(1);
    expect(metaTags(page.text)).toMatchObject({
      description: 'Une photo de Alice Martin, transformée sur Atelier.',
      'og:type': 'article',
      'og:title': 'Aquarelle + Paris — Atelier',
      'og:url': `https://atelier.example/p/${id}`,
      'og:image': `https://atelier.example${transformedImagePath}`,
      'twitter:card': 'summary_large_image',
      'twitter:image': `https://atelier.example${transformedImagePath}`,
    });

    const stranger = visitor();
    const post = await stranger.get(`/api/posts/${id}`);
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      id,
      mediaType: 'image',
      isLiked: false,
      user: { firstName: 'Alice', lastName: 'Martin' },
    });
    expect(post.body.user.email).toBeUndefined();

    // Someone else cannot take it down; the owner can, and every way to it closes.
    const bob = await member();
    expect((await bob.c.request('DELETE', `/api/posts/${id}/public`)).status).toBe(404);
    expect((await alice.c.request('DELETE', `/api/posts/${id}/public`)).body).toEqual({ success: true });
    expect((await stranger.get(`/p/${id}`)).status).toBe(404);
    expect((await stranger.get(`/api/posts/${id}`)).body.message).toBe('Publication introuvable.');
    expect(await feedIds()).not.toContain(id);
    const item = await t.db.orm.em.fork().findOneOrFail(GalleryItem, id);
    expect(item).toMatchObject({ isPublic: false, publishedAt: null });
  });

  it('escapes what users wrote in the tags and answers 404 for an unknown or malformed post', async () => {
    const alice = await member({ firstName: '<script>"Al', lastName: "O'Neil" });
    const { id } = await savedItem(t, alice, { transformationOption: null });
    await alice.c.post(`/api/posts/${id}/public`);
    const page = await visitor().get(`/p/${id}`);
    expect(page.text).not.toContain('<script>"Al');
    expect(metaTags(page.text)['og:title']).toBe('Création de &lt;script&gt;&quot;Al O&#39;Neil — Atelier');
    for (const bad of ['999999', 'abc', '-1']) expect((await visitor().get(`/p/${bad}`)).status).toBe(404);
  });

  it('publishes a finished video as a post with the clip, its poster and a player card; unpublished or deleted, it is gone', async () => {
    const carol = await member({ firstName: 'Carol', lastName: 'Durand' });
    const video = await readyVideo(carol);
    const stranger = visitor();
    expect((await stranger.get(video.videoUrl)).status).toBe(404);

    const published = await carol.c.post(`/api/videos/${video.id}/public`);
    expect(published.status, published.text).toBe(200);
    const postId = published.body.postId as number;
    // Publishing twice is one post.
    expect((await carol.c.post(`/api/videos/${video.id}/public`)).body.postId).toBe(postId);
    expect(await feedIds()).toContain(postId);
    const feedPost = (await stranger.get('/api/feed/public')).body.posts.find(
      (post: { id: number }) => post.id === postId,
    );
    expect(feedPost).toMatchObject({
      mediaType: 'video',
      videoUrl: video.videoUrl,
      transformedImagePath: video.thumbnailPath,
    });
    expect((await stranger.get(video.videoUrl)).status).toBe(200);
    expect((await stranger.get(video.thumbnailPath)).status).toBe(200);

    const tags = metaTags((await stranger.get(`/p/${postId}`)).text);
    expect(tags).toMatchObject({
      'og:type': 'video.other',
      'og:title': 'Vidéo de Carol Durand — Atelier',
      'og:video': `https://atelier.example${video.videoUrl}`,
      'og:video:type': 'video/mp4',
      'og:image': `https://atelier.example${video.thumbnailPath}`,
      'twitter:card': 'player',
      'twitter:player': `https://atelier.example/p/${postId}`,
      'twitter:player:stream': `https://atelier.example${video.videoUrl}`,
    });

    // The owner's lists: the video says it is published; the image gallery leaves its post out.
    const listed = (await carol.c.get(`/api/videos/all/${carol.userId}`)).body.videos[0];
    expect(listed.post).toEqual({ id: postId, isPublic: true });
    expect((await carol.c.get(`/api/gallery/${carol.userId}`)).body.gallery).toEqual([]);
    expect((await carol.c.request('DELETE', `/api/gallery/${postId}`)).status).toBe(404);

    expect((await carol.c.request('DELETE', `/api/posts/${postId}/public`)).status).toBe(200);
    expect((await carol.c.get(`/api/videos/all/${carol.userId}`)).body.videos[0].post).toEqual({
      id: postId,
      isPublic: false,
    });
    expect((await stranger.get(video.videoUrl)).status).toBe(404);
    expect((await stranger.get(`/p/${postId}`)).status).toBe(404);

    expect((await carol.c.post(`/api/videos/${video.id}/public`)).body.postId).toBe(postId);
    expect((await carol.c.request('DELETE', `/api/videos/${video.id}`)).status).toBe(200);
    expect(await feedIds()).not.toContain(postId);
    expect(await t.db.orm.em.fork().count(GalleryItem, { id: postId })).toBe(0);
  });

  it('refuses to publish a video still being made, or someone else’s', async () => {
    const dan = await member();
    const placeholder = await dan.c.post('/api/videos/create-placeholder', {
      sourceImagePath: await transformationResult(t, dan.userId),
      prompt: 'p',
      placeholderId: 'wip',
    });
    const pending = await dan.c.post(`/api/videos/${placeholder.body.video.id}/public`);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('Vidéo pas encore disponible.');
    const video = await readyVideo(dan);
    const eve = await member();
    expect((await eve.c.post(`/api/videos/${video.id}/public`)).status).toBe(404);
    expect(await t.db.orm.em.fork().count(GalleryItem, { owner: dan.userId })).toBe(0);
  });
});
