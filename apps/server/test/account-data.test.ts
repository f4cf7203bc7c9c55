import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditEntry, GalleryItem, GenerationJob, Payment, Video, Workflow } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';

const INDEX_HTML = '<!doctype html><html><head><title>Atelier</title></head><body><div id="root"></div></body></html>';

interface Post {
  id: number;
  likesCount: number;
}

describe.each(testDatabaseTargets())('the account’s GDPR rights on $name', (target) => {
  let t: TestApp;
  let webDist: string;
  const newClient = freshClients(() => t, 72);
  const client = (headers: Record<string, string> = {}) => newClient({ headers });

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'atelier-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    t = await startTestApp(target, { webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** An upload of the member's, transformed (50 credits), saved to the gallery and published. */
  async function publishedResult(c: TestClient, seed: number) {
    const uploaded = await c.upload(await samplePhoto(seed, 240, 160), { style: 'Aquarelle' });
    expect(uploaded.status, uploaded.text).toBe(200);
    const upload = uploaded.body as { id: number; imagePath: string };
    const transformed = await c.post(`/api/transform/${upload.id}`, {});
    expect(transformed.status, transformed.text).toBe(200);
    const { transformedImagePath } = transformed.body as { transformedImagePath: string };
    const saved = await c.post('/api/gallery/save', { transformedImagePath, originalImagePath: upload.imagePath });
    expect(saved.status, saved.text).toBe(200);
    const postId = (saved.body as { item: { id: number } }).item.id;
    expect((await c.post(`/api/posts/${postId}/public`)).status).toBe(200);
    return { upload, transformedImagePath, postId };
  }

  /**
   * A member with everything an account can hold: an upload, a paid result saved and published, a
   * video with its poster, a workflow, a like on someone else's post, an API token and a purchase.
   */
  async function fullAccount(neighbour: { c: TestClient; postId: number }) {
    const c = client();
    const { user, email, password } = await c.register({ firstName: 'Ana', lastName: 'Lima' });
    const { upload, transformedImagePath, postId } = await publishedResult(c, 4);
    const [videoKey, posterKey] = [
      await t.media.storage.put('videos', randomBytes(4096), 'mp4'),
      await t.media.storage.put('posters', await samplePhoto(5, 120, 80), 'jpg'),
    ];
    const em = t.db.orm.em.fork();
    em.create(Video, {
      owner: user.id,
      sourceImage: upload.imagePath,
      videoUrl: `/api/media/${videoKey}`,
      thumbnailPath: `/api/media/${posterKey}`,
      prompt: 'travelling',
      status: 'ready',
      isAccessible: true,
      createdAt: new Date(),
    });
    em.create(Payment, {
      user: user.id,
      intentId: `pi_${user.id}`,
      credits: 1000,
      amountCents: 500,
      currency: 'eur',
      status: 'succeeded',
      creditedAt: new Date(),
      createdAt: new Date(),
    });
    em.create(Workflow, {
      owner: user.id,
      name: 'Portrait du dimanche',
      graph: { version: 1, nodes: [], connections: [] },
      createdAt: new Date(),
    });
    await em.flush();
    expect((await c.post(`/api/posts/${neighbour.postId}/like`)).status).toBe(200);
    const token = ((await c.post('/api/account/tokens', { name: 'Script', scope: 'read' })).body as { token: string })
      .token;
    const files = [upload.imagePath, transformedImagePath, `/api/media/${videoKey}`, `/api/media/${posterKey}`];
    return { c, userId: user.id, email, password, postId, token, files, videoKey };
  }

  async function neighbourWithPost() {
    const c = client();
    const { user } = await c.register({ firstName: 'Bruno', lastName: 'Costa' });
    const { upload, transformedImagePath, postId } = await publishedResult(c, 6);
    return { c, userId: user.id, postId, files: [upload.imagePath, transformedImagePath] };
  }

  const feedPosts = async (c: TestClient) =>
    ((await c.get('/api/feed/public?limit=100')).body as { posts: Post[] }).posts;

  it('exports the account’s records as JSON and its own pictures and videos as files, in one ZIP', async () => {
    const bruno = await neighbourWithPost();
    const ana = await fullAccount(bruno);

    const res = await ana.c.get('/api/account/export');
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="atelier-mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = unzipSync(new Uint8Array(res.raw));

    const data = JSON.parse(Buffer.from(entries['donnees.json']!).toString('utf8')) as Record<string, unknown[]> & {
      profile: Record<string, unknown>;
    };
    expect(data.profile).toMatchObject({ id: ana.userId, email: ana.email, firstName: 'Ana', lastName: 'Lima' });
    expect(data.credits!.length).toBeGreaterThanOrEqual(2); // the launch offer and the paid transformation
    expect(data.payments).toEqual([expect.objectContaining({ intentId: `pi_${ana.userId}`, amountCents: 500 })]);
    expect(data.gallery).toEqual([expect.objectContaining({ id: ana.postId, isPublic: true })]);
    expect(data.videos).toEqual([expect.objectContaining({ videoUrl: `/api/media/${ana.videoKey}` })]);
    expect(data.workflows).toEqual([expect.objectContaining({ name: 'Portrait du dimanche' })]);
    expect(data.likes).toEqual([expect.objectContaining({ postId: bruno.postId })]);
    expect(data.apiTokens).toEqual([expect.objectContaining({ name: 'Script', scope: 'read' })]);
    expect(data.sessions!.length).toBe(1);
    // No secret leaves: neither the password's hash nor a session or token hash.
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|keyHash|tokenHash/);

    // Each of its files, byte for byte as the server serves it; none of the neighbour's.
    const packed = Object.keys(entries)
      .filter((name) => name.startsWith('media/'))
      .sort();
    expect(packed).toEqual(ana.files.map((url) => url.replace('/api/media/', 'media/')).sort());
    for (const url of ana.files) {
      expect(Buffer.from(entries[url.replace('/api/media/', 'media/')]!).equals((await ana.c.get(url)).raw), url).toBe(
        true,
      );
    }

    // The whole account leaves from a signed-in browser only: not to a script's token, nor to a visitor.
    expect((await client({ authorization: `Bearer ${ana.token}` }).get('/api/account/export')).status).toBe(403);
    const visitor = await client().get('/api/account/export');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('Utilisateur non connecté');
  });

  it('refuses a wrong password in French, and a reading token, and deletes nothing', async () => {
    const bruno = await neighbourWithPost();
    const ana = await fullAccount(bruno);
    for (const password of ['pas-le-bon', '']) {
      const res = await ana.c.post('/api/account/delete', { password });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(password ? /^Mot de passe incorrect/ : /^Saisissez votre mot de passe/);
    }
    // A token may never delete the account, even with the right password.
    expect(
      (await client({ authorization: `Bearer ${ana.token}` }).post('/api/account/delete', { password: ana.password }))
        .status,
    ).toBe(403);
    expect((await ana.c.get('/api/user')).status).toBe(200);
    for (const url of ana.files) expect((await ana.c.get(url)).status, url).toBe(200);
    expect((await feedPosts(client())).map((post) => post.id)).toContain(ana.postId);
  });

  it('refuses while a generation of the account waits or runs', async () => {
    const c = client();
    const { user, password } = await c.register();
    const em = t.db.orm.em.fork();
    const job = em.create(GenerationJob, {
      owner: user.id,
      kind: 'studio',
      input: {},
      status: 'running',
      stage: 'Transformation',
      seed: 1,
      engine: 'local',
      createdAt: new Date(),
    });
    await em.flush();
    const res = await c.post('/api/account/delete', { password });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Une génération est en cours : attendez qu’elle se termine ou annulez-la avant de supprimer votre compte.',
    );
    expect((await c.get('/api/user')).status).toBe(200);

    await em.nativeUpdate(GenerationJob, { id: job.id }, { status: 'canceled' });
    expect((await c.post('/api/account/delete', { password })).status).toBe(200);
  });

  it('deletes everything of the account, keeps the anonymised ledger, and leaves others untouched', async () => {
    const bruno = await neighbourWithPost();
    const ana = await fullAccount(bruno);
    // Bruno likes Ana's post; Ana liked Bruno's.
    expect((await bruno.c.post(`/api/posts/${ana.postId}/like`)).status).toBe(200);
    const anotherDevice = client();
    expect((await anotherDevice.post('/api/login', { email: ana.email, password: ana.password })).status).toBe(200);
    const scriptOfAna = client({ authorization: `Bearer ${ana.token}` });
    expect((await scriptOfAna.get('/api/user')).status).toBe(200);

    const em = t.db.orm.em.fork();
    // An older item of Bruno's naming Ana's upload as its original (saves no longer allow it).
    const borrowing = em.create(GalleryItem, {
      owner: bruno.userId,
      transformedImagePath: bruno.files[1]!.replace('.jpg', '-copie.jpg'),
      originalImagePath: ana.files[0]!,
      createdAt: new Date(),
    });
    await em.flush();
    const ledgerIds = (await em.find(CreditEntry, { user: ana.userId }, { fields: ['id'] })).map((entry) => entry.id);
    const existing = (await em.find(CreditEntry, {}, { fields: ['id'] })).map((entry) => entry.id);
    // What accounting adds up over the entries that existed before the deletion.
    const totals = async () => {
      const rows = await em
        .fork()
        .find(CreditEntry, { id: { $in: existing } }, { fields: ['type', 'amount', 'status'] });
      return {
        count: rows.length,
        credited: rows.filter((r) => r.type === 'credit').reduce((s, r) => s + r.amount, 0),
        debited: rows.filter((r) => r.type === 'debit' && r.status === 'settled').reduce((s, r) => s + r.amount, 0),
      };
    };
    const before = await totals();
    expect((await feedPosts(client())).find((post) => post.id === bruno.postId)?.likesCount).toBe(1);

    const res = await ana.c.post('/api/account/delete', { password: ana.password });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });

    // Signed out here, on the other device and for its token.
    for (const [c, message] of [
      [ana.c, 'Utilisateur non connecté'],
      [anotherDevice, 'Utilisateur non connecté'],
      [scriptOfAna, "Jeton d'API invalide ou révoqué"],
    ] as const) {
      const me = await c.get('/api/user');
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(message);
    }
    // Its files answer as if they never existed, to anyone, and are gone from storage.
    for (const url of ana.files) {
      expect((await client().get(url)).status, url).toBe(404);
      await expect(t.media.storage.stat(url.replace('/api/media/', ''))).rejects.toThrow();
    }
    // Its post left the feed, its API and its share page; the like it gave no longer counts.
    const feed = await feedPosts(client());
    expect(feed.map((post) => post.id)).not.toContain(ana.postId);
    expect(feed.find((post) => post.id === bruno.postId)?.likesCount).toBe(0);
    expect((await client().get(`/api/posts/${ana.postId}`)).status).toBe(404);
    expect((await client({ accept: 'text/html' }).get(`/p/${ana.postId}`)).status).toBe(404);
    // Signing in fails; the address may open a new, empty account.
    const signIn = await client().post('/api/login', { email: ana.email, password: ana.password });
    expect(signIn.status).toBe(401);
    const again = client();
    const fresh = await again.register({ email: ana.email, password: 'nouveau-secret' });
    expect(fresh.user.id).not.toBe(ana.userId);
    expect(((await again.get(`/api/gallery/${fresh.user.id}`)).body as { gallery: unknown[] }).gallery).toEqual([]);

    // The ledger keeps every entry, no longer linked to anyone, and its totals are unchanged.
    const kept = await em.fork().find(CreditEntry, { id: { $in: ledgerIds } });
    expect(kept.length).toBe(ledgerIds.length);
    expect(kept.every((entry) => entry.user === null)).toBe(true);
    const after = await totals();
    expect(after).toEqual(before);
    expect((await em.fork().findOneOrFail(Payment, { intentId: `pi_${ana.userId}` })).user).toBeNull();

    // Bruno's older item keeps its result but no longer shows Ana's picture.
    expect((await em.fork().findOneOrFail(GalleryItem, borrowing.id)).originalImagePath).toBeNull();
    // Bruno's account, post and files are as they were.
    expect((await bruno.c.get('/api/user')).status).toBe(200);
    expect(feed.map((post) => post.id)).toContain(bruno.postId);
    for (const url of bruno.files) expect((await bruno.c.get(url)).status, url).toBe(200);
  });
});
