import { GalleryItem, Like } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countQueries,
  memberFactory,
  saveBody,
  savedItem,
  transformationResult,
  uploadedImage,
  type Member,
} from './support/gallery';
import { startTestApp, type TestApp } from './support/harness';

const messages = {
  unauthenticated: 'Utilisateur non connecté',
  notYourGallery: 'Vous ne pouvez consulter que votre propre galerie.',
  itemNotFound: 'Image introuvable.',
  invalidId: 'Identifiant invalide',
  invalidResultPath: "L'adresse de l'image transformée est invalide.",
  resultNotFound: 'Seuls les résultats de vos propres transformations peuvent être enregistrés.',
  originalNotFound: "L'image d'origine est introuvable ou inaccessible.",
  invalidIdList: 'La liste des images à supprimer est invalide.',
  tooManyIds: 'Vous pouvez supprimer au plus 200 images à la fois.',
  invalidFavorite: 'La valeur « isFavorite » doit être vraie ou fausse.',
  invalidLimit: 'La limite doit être un nombre entier entre 1 et 100.',
  invalidCursor: 'Curseur de pagination invalide.',
};

const SPEC_FIELDS = [
  'id',
  'userId',
  'mediaType',
  'transformationType',
  'transformationOption',
  'transformedImagePath',
  'originalImagePath',
  'description',
  'transformationPrompt',
  'videoUrl',
  'thumbnailPath',
  'isFavorite',
  'createdAt',
  'isPublic',
  'likesCount',
  'sessionKey',
];

describe.each(testDatabaseTargets())('gallery on $name', (target) => {
  let t: TestApp;
  const member = memberFactory(() => t, 11);
  const client = () => t.client({ ip: '10.12.0.1' });

  async function itemCount(userId: number): Promise<number> {
    return t.db.orm.em.fork().count(GalleryItem, { owner: userId });
  }

  async function galleryOf(m: Member, query = ''): Promise<{ id: number }[]> {
    const res = await m.c.get(`/api/gallery/${m.userId}${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.gallery;
  }

  /** The answer must be a French 4xx, never a 500 or zod's English. */
  function expectFrenchRefusal(res: { status: number; body: { message?: unknown } }, status: number, message?: string) {
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message).not.toMatch(/Invalid|expected|received/);
    if (message) expect(res.body.message).toBe(message);
  }

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('save', () => {
    it('saves a result of the signed-in user with every field of the spec', async () => {
      const alice = await member();
      const body = await saveBody(t, alice);
      const res = await alice.c.post('/api/gallery/save', body);
      expect(res.status, res.text).toBe(200);
      expect(res.body.success).toBe(true);
      expect(Object.keys(res.body.item)).toEqual(expect.arrayContaining(SPEC_FIELDS));
      expect(res.body.item).toMatchObject({
        userId: alice.userId,
        mediaType: 'image',
        transformationType: 'style',
        transformationOption: 'Cyberpunk + Forêt',
        transformedImagePath: body.transformedImagePath,
        originalImagePath: body.originalImagePath,
        description: 'Cyberpunk + Forêt',
        transformationPrompt: body.transformationPrompt,
        videoUrl: null,
        thumbnailPath: null,
        isFavorite: false,
        isPublic: false,
        publishedAt: null,
        likesCount: 0,
        sessionKey: '1732230000000',
        engine: 'local',
      });
      expect(new Date(res.body.item.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('puts the item in the session user’s gallery whatever userId the body names', async () => {
      const alice = await member();
      const bob = await member();
      const res = await alice.c.post('/api/gallery/save', await saveBody(t, alice, { userId: bob.userId }));
      expect(res.status).toBe(200);
      expect(res.body.item.userId).toBe(alice.userId);
      expect(await itemCount(bob.userId)).toBe(0);
      expect(await itemCount(alice.userId)).toBe(1);
    });

    it('returns the existing item when the same result is saved again, also twice at once', async () => {
      const alice = await member();
      const body = await saveBody(t, alice);
      const first = await alice.c.post('/api/gallery/save', body);
      const again = await alice.c.post('/api/gallery/save', { ...body, transformationOption: 'Autre' });
      expect(again.status).toBe(200);
      expect(again.body.item).toEqual(first.body.item);

      const raced = await saveBody(t, alice);
      const both = await Promise.all([
        alice.c.post('/api/gallery/save', raced),
        alice.c.post('/api/gallery/save', raced),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both[0].body.item.id).toBe(both[1].body.item.id);
      expect(await itemCount(alice.userId)).toBe(2);
    });

    it('refuses someone else’s result, a failed one, an unknown one and a foreign original', async () => {
      const alice = await member();
      const bob = await member();
      const bobsResult = await transformationResult(t, bob.userId);
      expectFrenchRefusal(
        await alice.c.post('/api/gallery/save', await saveBody(t, alice, { transformedImagePath: bobsResult })),
        404,
        messages.resultNotFound,
      );
      const failed = await transformationResult(t, alice.userId, 'failed');
      expectFrenchRefusal(
        await alice.c.post('/api/gallery/save', await saveBody(t, alice, { transformedImagePath: failed })),
        404,
        messages.resultNotFound,
      );
      const unknown = '/api/media/results/2026/11/00000000-0000-4000-8000-000000000000.jpg';
      expectFrenchRefusal(
        await alice.c.post('/api/gallery/save', await saveBody(t, alice, { transformedImagePath: unknown })),
        404,
        messages.resultNotFound,
      );
      // Publishing would otherwise show Bob's private upload to everyone.
      const bobsUpload = await uploadedImage(t, bob.userId);
      expectFrenchRefusal(
        await alice.c.post('/api/gallery/save', await saveBody(t, alice, { originalImagePath: bobsUpload })),
        404,
        messages.originalNotFound,
      );
      expectFrenchRefusal(
        await alice.c.post(
          '/api/gallery/save',
          await saveBody(t, alice, { originalImagePath: 'https://tracker.example/x.png' }),
        ),
        404,
        messages.originalNotFound,
      );
      expect(await itemCount(alice.userId)).toBe(0);
      expect(await itemCount(bob.userId)).toBe(0);
    });

    it('answers bad bodies with a French 400 and saves nothing', async () => {
      const alice = await member();
      const good = await saveBody(t, alice);
      const bad: [unknown, string | undefined][] = [
        [{ ...good, transformedImagePath: 'https://elsewhere.example/a.jpg' }, messages.invalidResultPath],
        [{ ...good, transformedImagePath: 42 }, messages.invalidResultPath],
        [{ ...good, transformedImagePath: `/api/media/${'a'.repeat(300)}` }, messages.invalidResultPath],
        [{ ...good, transformationOption: 'x'.repeat(501) }, 'Les options : 500 caractères au maximum.'],
        [{ ...good, transformationPrompt: ['a'] }, undefined],
        [{ ...good, sessionKey: { a: 1 } }, undefined],
        [{ ...good, userId: { id: 1 } }, undefined],
        [[good], undefined],
        ['null', undefined],
      ];
      for (const [body, message] of bad) {
        const res = await alice.c.request('POST', '/api/gallery/save', body, { 'content-type': 'application/json' });
        expectFrenchRefusal(res, 400, message);
      }
      expect(await itemCount(alice.userId)).toBe(0);
    });

    it('requires a session', async () => {
      const alice = await member();
      const body = await saveBody(t, alice);
      expectFrenchRefusal(await client().post('/api/gallery/save', body), 401, messages.unauthenticated);
    });
  });

  describe('list', () => {
    it('shows only the owner their gallery, newest first', async () => {
      const alice = await member();
      const bob = await member();
      const saved = [await savedItem(t, alice), await savedItem(t, alice), await savedItem(t, alice)];
      await savedItem(t, bob);
      const gallery = await galleryOf(alice);
      expect(gallery.map((item) => item.id)).toEqual(saved.map((item) => item.id).reverse());

      expectFrenchRefusal(await bob.c.get(`/api/gallery/${alice.userId}`), 403, messages.notYourGallery);
      expectFrenchRefusal(await client().get(`/api/gallery/${alice.userId}`), 401, messages.unauthenticated);
      expectFrenchRefusal(await alice.c.get('/api/gallery/abc'), 400, messages.invalidId);
      expectFrenchRefusal(await alice.c.get('/api/gallery/99999999999'), 400, messages.invalidId);
      expectFrenchRefusal(await alice.c.get('/api/gallery/0'), 400, messages.invalidId);
    });

    it('pages with limit and cursor, 50 by default and at most 100', async () => {
      const alice = await member();
      const em = t.db.orm.em.fork();
      // Two rows share each creation time: the id breaks the tie, and no row is skipped or repeated.
      const base = Date.now() - 1_000_000;
      for (let i = 0; i < 120; i += 1) {
        em.create(GalleryItem, {
          owner: alice.userId,
          transformedImagePath: `/api/media/results/p-${i}.jpg`,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        });
      }
      await em.flush();

      const first = await alice.c.get(`/api/gallery/${alice.userId}`);
      expect(first.body.gallery).toHaveLength(50);
      expect(typeof first.body.nextCursor).toBe('string');

      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res: {
          status: number;
          body: { gallery: { id: number; createdAt: string }[]; nextCursor: string | null };
        } = await alice.c.get(`/api/gallery/${alice.userId}?limit=35${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.gallery.length).toBeLessThanOrEqual(35);
        seen.push(...res.body.gallery.map((item) => item.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
      const all = await em.find(GalleryItem, { owner: alice.userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      expect(seen).toEqual(all.map((item) => item.id));

      expect((await alice.c.get(`/api/gallery/${alice.userId}?limit=100`)).body.gallery).toHaveLength(100);
      for (const limit of ['0', '101', 'abc', '-1', '1.5']) {
        expectFrenchRefusal(
          await alice.c.get(`/api/gallery/${alice.userId}?limit=${limit}`),
          400,
          messages.invalidLimit,
        );
      }
      for (const cursor of ['abc', '12_', '_3', '1_2_3']) {
        expectFrenchRefusal(
          await alice.c.get(`/api/gallery/${alice.userId}?cursor=${cursor}`),
          400,
          messages.invalidCursor,
        );
      }
    });
  });

  describe('delete', () => {
    it('deletes one of the owner’s items; another’s, an unknown or a malformed id changes nothing', async () => {
      const alice = await member();
      const bob = await member();
      const mine = await savedItem(t, alice);
      const bobs = await savedItem(t, bob);

      expectFrenchRefusal(await alice.c.request('DELETE', `/api/gallery/${bobs.id}`), 404, messages.itemNotFound);
      expectFrenchRefusal(await alice.c.request('DELETE', '/api/gallery/2147483000'), 404, messages.itemNotFound);
      expectFrenchRefusal(await alice.c.request('DELETE', '/api/gallery/abc'), 400, messages.invalidId);
      expectFrenchRefusal(await client().request('DELETE', `/api/gallery/${mine.id}`), 401, messages.unauthenticated);
      expect(await itemCount(bob.userId)).toBe(1);
      expect(await itemCount(alice.userId)).toBe(1);

      // The studio would start on it: once deleted, it starts elsewhere instead of on a missing file.
      expect((await alice.c.post('/api/set-last-used-image', { imagePath: mine.transformedImagePath })).status).toBe(
        200,
      );
      // ...with its before/after, the original known to the server.
      expect((await alice.c.get('/api/default-models')).body).toMatchObject({
        lastUsedImage: mine.transformedImagePath,
        lastUsedOriginal: mine.originalImagePath,
      });
      expect(mine.originalImagePath).toMatch(/^\/api\/media\//);
      const res = await alice.c.request('DELETE', `/api/gallery/${mine.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await itemCount(alice.userId)).toBe(0);
      expect((await alice.c.get('/api/default-models')).body).toMatchObject({
        lastUsedImage: null,
        lastUsedOriginal: null,
      });
      expect((await alice.c.get(mine.transformedImagePath)).status).toBe(404);
      expectFrenchRefusal(await alice.c.request('DELETE', `/api/gallery/${mine.id}`), 404, messages.itemNotFound);
    });

    it('batch-deletes only the owner’s ids', async () => {
      const alice = await member();
      const bob = await member();
      const mine = [await savedItem(t, alice), await savedItem(t, alice), await savedItem(t, alice)];
      const bobs = await savedItem(t, bob);
      const res = await alice.c.request('DELETE', '/api/gallery/batch', {
        ids: [mine[0]!.id, mine[1]!.id, bobs.id, 2147483000],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ deletedCount: 2 });
      expect((await galleryOf(alice)).map((item) => item.id)).toEqual([mine[2]!.id]);
      expect(await itemCount(bob.userId)).toBe(1);

      expect((await alice.c.request('DELETE', '/api/gallery/batch', { ids: [] })).body).toEqual({ deletedCount: 0 });
      const refusals: [unknown, string][] = [
        [{ ids: 'all' }, messages.invalidIdList],
        [{}, messages.invalidIdList],
        [{ ids: [true] }, messages.invalidId],
        [{ ids: ['x'] }, messages.invalidId],
        [{ ids: Array.from({ length: 201 }, (_, i) => i + 1) }, messages.tooManyIds],
      ];
      for (const [body, message] of refusals)
        expectFrenchRefusal(await alice.c.request('DELETE', '/api/gallery/batch', body), 400, message);
      expectFrenchRefusal(
        await client().request('DELETE', '/api/gallery/batch', { ids: [mine[2]!.id] }),
        401,
        messages.unauthenticated,
      );
      expect(await itemCount(alice.userId)).toBe(1);
    });

    it('bulk-deletes for the desktop studio with { success, error }', async () => {
      const alice = await member();
      const bob = await member();
      const mine = [await savedItem(t, alice), await savedItem(t, alice)];
      const bobs = await savedItem(t, bob);
      const res = await alice.c.request('DELETE', '/api/gallery/bulk-delete', {
        imageIds: [...mine.map((item) => item.id), bobs.id],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, error: null, deletedCount: 2 });
      expect(await itemCount(alice.userId)).toBe(0);
      expect(await itemCount(bob.userId)).toBe(1);

      const bad = await alice.c.request('DELETE', '/api/gallery/bulk-delete', { imageIds: 'tout' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        success: false,
        error: messages.invalidIdList,
        message: messages.invalidIdList,
      });
    });

    it('takes the likes of a deleted item with it', async () => {
      const alice = await member();
      const bob = await member();
      const item = await savedItem(t, alice);
      await alice.c.post(`/api/posts/${item.id}/public`);
      expect((await bob.c.post(`/api/posts/${item.id}/like`)).body.liked).toBe(true);
      expect((await alice.c.request('DELETE', `/api/gallery/${item.id}`)).status).toBe(200);
      expect(await t.db.orm.em.fork().count(Like, { item: item.id })).toBe(0);
    });
  });

  describe('favorite', () => {
    async function isFavorite(m: Member, id: number): Promise<boolean | undefined> {
      const items = (await galleryOf(m)) as { id: number; isFavorite: boolean }[];
      return items.find((item) => item.id === id)?.isFavorite;
    }

    it('toggles without a body and sets the state with { isFavorite }, as the gallery then shows', async () => {
      const alice = await member();
      const item = await savedItem(t, alice);
      expect((await alice.c.post(`/api/gallery/${item.id}/favorite`)).body).toEqual({
        success: true,
        isFavorite: true,
      });
      expect(await isFavorite(alice, item.id)).toBe(true);
      expect((await alice.c.post(`/api/gallery/${item.id}/favorite`)).body).toEqual({
        success: true,
        isFavorite: false,
      });
      expect(await isFavorite(alice, item.id)).toBe(false);
      // Setting twice leaves it set: a double tap does not undo it.
      for (let tap = 0; tap < 2; tap++)
        expect((await alice.c.post(`/api/gallery/${item.id}/favorite`, { isFavorite: true })).body.isFavorite).toBe(
          true,
        );
      expect(await isFavorite(alice, item.id)).toBe(true);
      expect((await alice.c.post(`/api/gallery/${item.id}/favorite`, { isFavorite: false })).body.isFavorite).toBe(
        false,
      );
      expect(await isFavorite(alice, item.id)).toBe(false);
    });

    it('refuses another’s item as unknown, a bad id or value with a French 400, and a visitor', async () => {
      const alice = await member();
      const bob = await member();
      const bobs = await savedItem(t, bob);
      const mine = await savedItem(t, alice);
      expectFrenchRefusal(
        await alice.c.post(`/api/gallery/${bobs.id}/favorite`, { isFavorite: true }),
        404,
        messages.itemNotFound,
      );
      expectFrenchRefusal(await alice.c.post('/api/gallery/2147483000/favorite'), 404, messages.itemNotFound);
      expectFrenchRefusal(await alice.c.post('/api/gallery/abc/favorite'), 400, messages.invalidId);
      expectFrenchRefusal(
        await alice.c.post(`/api/gallery/${mine.id}/favorite`, { isFavorite: 'oui' }),
        400,
        messages.invalidFavorite,
      );
      expectFrenchRefusal(await client().post(`/api/gallery/${mine.id}/favorite`), 401, messages.unauthenticated);
      expect(await isFavorite(bob, bobs.id)).toBe(false);
      expect(await isFavorite(alice, mine.id)).toBe(false);
    });
  });

  describe('ETag', () => {
    async function poll(m: Member, etag?: string, query = '') {
      return countQueries(t, () =>
        m.c.request('GET', `/api/gallery/${m.userId}${query}`, undefined, etag ? { 'if-none-match': etag } : {}),
      );
    }

    it('answers an unchanged poll 304 without a body and without a list query', async () => {
      const alice = await member();
      await savedItem(t, alice);
      const { result: first, queries: firstQueries } = await poll(alice);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      // The counter sees the queries of a full answer: its zero below means something.
      expect(firstQueries).toBeGreaterThanOrEqual(2);

      const { result: again, queries } = await poll(alice, etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
      // The session was found live a moment ago (every sign-out clears that memory, see sessions.test): no query.
      expect(queries).toBe(0);
      expect((await poll(alice, `W/${etag}`)).result.status).toBe(304);
      expect((await poll(alice, `"other", ${etag}`)).result.status).toBe(304);
      // Another page is another tag.
      expect((await poll(alice, etag, '?limit=10')).result.status).toBe(200);
    });

    it('changes the tag after a save, a publication, a like, a favourite and a deletion', async () => {
      const alice = await member();
      const bob = await member();
      const item = await savedItem(t, alice);
      const tags = [String((await poll(alice)).result.headers.etag)];
      const stillCurrent = async () => (await poll(alice, tags.at(-1))).result.status === 304;
      const changes: [string, () => Promise<unknown>][] = [
        ['save', () => savedItem(t, alice)],
        ['publish', () => alice.c.post(`/api/posts/${item.id}/public`)],
        ['like', () => bob.c.post(`/api/posts/${item.id}/like`)],
        ['favorite', () => alice.c.post(`/api/gallery/${item.id}/favorite`)],
        ['delete', () => alice.c.request('DELETE', `/api/gallery/${item.id}`)],
      ];
      for (const [what, change] of changes) {
        expect(await stillCurrent(), `before ${what}`).toBe(true);
        await change();
        const { result } = await poll(alice, tags.at(-1));
        expect(result.status, `after ${what}`).toBe(200);
        tags.push(String(result.headers.etag));
      }
      expect(new Set(tags).size).toBe(tags.length);
    });

    it('gives no 304 to anyone but the owner, nor to a session ended by a password change', async () => {
      const alice = await member();
      const bob = await member();
      await savedItem(t, alice);
      const etag = String((await poll(alice)).result.headers.etag);
      expectFrenchRefusal(
        await bob.c.request('GET', `/api/gallery/${alice.userId}`, undefined, { 'if-none-match': etag }),
        403,
        messages.notYourGallery,
      );
      expectFrenchRefusal(
        await client().request('GET', `/api/gallery/${alice.userId}`, undefined, { 'if-none-match': etag }),
        401,
        messages.unauthenticated,
      );

      const oldDevice = t.client({ ip: '10.12.0.2' });
      expect((await oldDevice.post('/api/login', { email: alice.email, password: 'motdepasse' })).status).toBe(200);
      expect(
        (await oldDevice.request('GET', `/api/gallery/${alice.userId}`, undefined, { 'if-none-match': etag })).status,
      ).toBe(304);
      const account = await alice.c.get('/api/auth/account');
      const changed = await alice.c.post('/api/account/update', {
        username: account.body.user.username,
        currentPassword: 'motdepasse',
        newPassword: 'nouveau-secret',
      });
      expect(changed.status).toBe(200);
      expectFrenchRefusal(
        await oldDevice.request('GET', `/api/gallery/${alice.userId}`, undefined, { 'if-none-match': etag }),
        401,
        messages.unauthenticated,
      );
    });

    it('never sends a remembered body to a session that ended, even under the current tag', async () => {
      const alice = await member();
      await savedItem(t, alice, { transformationPrompt: 'un prompt privé' });
      const oldDevice = t.client({ ip: '10.12.0.3' });
      expect((await oldDevice.post('/api/login', { email: alice.email, password: 'motdepasse' })).status).toBe(200);
      const account = await alice.c.get('/api/auth/account');
      await alice.c.post('/api/account/update', {
        username: account.body.user.username,
        currentPassword: 'motdepasse',
        newPassword: 'nouveau-secret',
      });
      // Alice's own poll leaves the current page's body remembered under the current tag.
      const fresh = await poll(alice);
      expect(fresh.result.status).toBe(200);
      const { result: refused } = await poll({ ...alice, c: oldDevice });
      expectFrenchRefusal(refused, 401, messages.unauthenticated);
      expect(refused.text).not.toContain('un prompt privé');
      // The remembered body still saves the list query for the owner's next load.
      const again = await poll(alice);
      expect(again.result.status).toBe(200);
      expect(again.result.text).toBe(fresh.result.text);
      expect(again.queries).toBeLessThan(fresh.queries);
    });
  });
});
