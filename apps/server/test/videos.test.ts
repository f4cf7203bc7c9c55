import { randomBytes } from 'node:crypto';
import { User, Video } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { isMp4, LocalVideoEngine, MediaError, type VideoEngine } from '@atelier/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { expectHidden, expectServedInRanges } from './support/ranges';

/** The real local video engine, which a test can make fail. */
class SwitchableVideoEngine implements VideoEngine {
  readonly name = 'local' as const;
  failing = false;
  private readonly real = new LocalVideoEngine();

  generate(request: Parameters<VideoEngine['generate']>[0]) {
    if (this.failing) return Promise.reject(new MediaError('UPSTREAM', 'ffmpeg a échoué'));
    return this.real.generate(request);
  }
}

describe.each(testDatabaseTargets())('videos on $name', (target) => {
  let t: TestApp;
  const engine = new SwitchableVideoEngine();
  const client = freshClients(() => t, 40);

  async function signedIn(): Promise<{ c: TestClient; userId: number; imagePath: string }> {
    const c = client();
    const { user } = await c.register();
    const { body } = await c.upload(await samplePhoto(2, 240, 160));
    return { c, userId: user.id, imagePath: body.imagePath };
  }

  /** A finished video of the user's, as generation leaves it; any bytes will do for sending it. */
  async function readyVideo(userId: number, sourceImage: string): Promise<{ id: number; videoUrl: string }> {
    const key = await t.media.storage.put('videos', randomBytes(64 * 1024), 'mp4');
    const em = t.db.orm.em.fork();
    const video = em.create(Video, {
      owner: userId,
      sourceImage,
      videoUrl: `/api/media/${key}`,
      prompt: 'travelling lent',
      status: 'ready',
      isAccessible: true,
      createdAt: new Date(),
    });
    await em.flush();
    return { id: video.id, videoUrl: video.videoUrl };
  }

  const balance = async (userId: number) => (await t.db.orm.em.fork().findOneOrFail(User, userId)).credits;

  beforeAll(async () => {
    t = await startTestApp(target, { media: { videos: engine } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('goes from placeholder to a playable 6-second MP4 for 50 credits', async () => {
    const { c, userId, imagePath } = await signedIn();
    const placeholder = await c.post('/api/videos/create-placeholder', {
      userId,
      sourceImagePath: imagePath,
      prompt: 'travelling lent',
      placeholderId: 'ph-1',
    });
    expect(placeholder.status, placeholder.text).toBe(200);
    expect(placeholder.body.video).toMatchObject({
      isAccessible: false,
      duration: 6,
      resolution: '768p',
      source: 'Local',
    });
    expect(placeholder.body.video.videoUrl.startsWith('{address}')).toBe(true);

    const before = await c.get(`/api/videos/all/${userId}`);
    expect(before.body).toMatchObject({ success: true, totalVideos: 1 });

    const generated = await c.post('/api/generate-video', { imageUrl: imagePath, prompt: 'travelling lent' });
    expect(generated.status, generated.text).toBe(200);
    expect(generated.body.videoUrl).toMatch(/^\/api\/media\/videos\/.+\.mp4$/);
    expect(await balance(userId)).toBe(450);

    const confirmed = await c.post('/api/videos/update-placeholder', {
      userId,
      videoUrl: generated.body.videoUrl,
      sourceImagePath: imagePath,
    });
    expect(confirmed.status).toBe(200);

    const list = await c.get(`/api/videos/all/${userId}`);
    expect(list.body.totalVideos).toBe(1);
    // The phone polls every 2 s: an unchanged list answers 304 with no body.
    const etag = String(list.headers.etag);
    const unchanged = await c.request('GET', `/api/videos/all/${userId}`, undefined, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    const [video] = list.body.videos;
    expect(video).toMatchObject({ isAccessible: true, videoUrl: generated.body.videoUrl, status: 'ready' });

    const download = await c.get(`/api/videos/download/${video.id}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="atelier-video-\d+\.mp4"/);
    expect(isMp4(download.raw)).toBe(true);
    expect((await c.get(video.thumbnailPath)).headers['content-type']).toBe('image/jpeg');
  }, 60_000);

  it('gives twenty simultaneous requests for the same placeholder the same card', async () => {
    const { c, userId, imagePath } = await signedIn();
    const body = { sourceImagePath: imagePath, prompt: 'travelling lent', placeholderId: 'ph-race' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/videos/create-placeholder', body)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body.video.id)).size).toBe(1);
    expect(await t.db.orm.em.fork().count(Video, { owner: userId })).toBe(1);
  });

  it('costs nothing when the video fails', async () => {
    const { c, userId, imagePath } = await signedIn();
    engine.failing = true;
    try {
      const res = await c.post('/api/generate-video', { imageUrl: imagePath, prompt: 'x' });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Erreur lors de la génération vidéo. Veuillez réessayer.');
    } finally {
      engine.failing = false;
    }
    expect(await balance(userId)).toBe(500);
    expect((await c.get(`/api/videos/all/${userId}`)).body.totalVideos).toBe(0);
  });

  it("keeps videos to their owner: others' lists, downloads and deletions are refused", async () => {
    const { c: owner, userId, imagePath } = await signedIn();
    const { c: other, userId: otherId } = await signedIn();
    const { body } = await owner.post('/api/videos/create-placeholder', {
      sourceImagePath: imagePath,
      prompt: 'p',
      placeholderId: 'mine',
    });
    const videoId = body.video.id;
    expect((await other.get(`/api/videos/all/${userId}`)).status).toBe(403);
    expect((await other.get(`/api/videos/download/${videoId}`)).status).toBe(404);
    expect((await other.request('DELETE', `/api/videos/${videoId}`)).status).toBe(404);
    expect(await t.db.orm.em.fork().count(Video, { id: videoId })).toBe(1);
    expect((await owner.get(`/api/videos/all/${otherId}`)).status).toBe(403);
    expect((await owner.request('DELETE', `/api/videos/${videoId}`)).status).toBe(200);
    expect(await t.db.orm.em.fork().count(Video, { id: videoId })).toBe(0);
    for (const bad of ['abc', '-4', '1e3x']) expect((await owner.get(`/api/videos/download/${bad}`)).status).toBe(400);
  });

  it("makes a placeholder of one's own picture only, never of another member's private one", async () => {
    const { imagePath: theirs } = await signedIn();
    const { c, userId } = await signedIn();
    for (const sourceImagePath of [theirs, '/api/media/uploads/2026/11/inconnue.jpg']) {
      const refused = await c.post('/api/videos/create-placeholder', {
        sourceImagePath,
        prompt: 'travelling lent',
        placeholderId: 'pris',
      });
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body.message).toBe('Image introuvable ou inaccessible.');
    }
    expect((await c.get(`/api/videos/all/${userId}`)).body.videos).toEqual([]);
    expect(await t.db.orm.em.fork().count(Video, { owner: userId })).toBe(0);
  });

  it('sends a video in byte ranges, to the player and the download alike, for its owner only', async () => {
    const { c, userId, imagePath } = await signedIn();
    const { id, videoUrl } = await readyVideo(userId, imagePath);
    const played = await expectServedInRanges(c, videoUrl);
    expect(played.headers['content-type']).toBe('video/mp4');

    const downloadUrl = `/api/videos/download/${id}`;
    const download = await expectServedInRanges(c, downloadUrl);
    expect(download.raw.equals(played.raw)).toBe(true);
    expect(download.headers['cache-control']).toBe('private, no-cache');
    const resumed = await c.request('GET', downloadUrl, undefined, { range: 'bytes=1024-' });
    expect(resumed.status).toBe(206);
    expect(resumed.headers['content-type']).toBe('video/mp4');
    expect(resumed.headers['content-disposition']).toBe(`attachment; filename="atelier-video-${id}.mp4"`);

    const { c: other } = await signedIn();
    await expectHidden(other, videoUrl);
    await expectHidden(other, downloadUrl);
  });

  it('refuses to confirm a video that is not the user’s own', async () => {
    const { c } = await signedIn();
    const res = await c.post('/api/videos/update-placeholder', {
      videoUrl: 'https://example.com/v.mp4',
      sourceImagePath: '/api/media/uploads/x.jpg',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Erreur lors de l'extraction de l'URL vidéo. Veuillez réessayer.");
  });
});
