import { GalleryItem, Like } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, memberFactory, savedItem, type Member } from './support/gallery';
import { startTestApp, type TestApp } from './support/harness';

const messages = {
  unauthenticated: 'Utilisateur non connecté',
  likeNeedsAccount: 'Connexion requise : connectez-vous pour liker les posts.',
  postNotFound: 'Publication introuvable.',
  itemNotFound: 'Image introuvable.',
  invalidId: 'Identifiant invalide',
  invalidLiked: 'La valeur « liked » doit être vraie ou fausse.',
  invalidLimit: 'La limite doit être un nombre entier entre 1 et 100.',
};

interface Post {
  id: number;
  likesCount: number;
  isLiked: boolean;
  user: Record<string, unknown>;
}

describe.each(testDatabaseTargets())('public feed, publishing and likes on $name', (target) => {
  let t: TestApp;
  const member = memberFactory(() => t, 21);
  const visitor = () => t.client({ ip: '10.22.0.1' });

  async function item(id: number): Promise<GalleryItem> {
    return t.db.orm.em.fork().findOneOrFail(GalleryItem, id);
  }

  async function likeRows(id: number): Promise<number> {
    return t.db.orm.em.fork().count(Like, { item: id });
  }

  /** A published item of the member's. */
  async function post(m: Member): Promise<number> {
    const { id } = await savedItem(t, m);
    const res = await m.c.post(`/api/posts/${id}/public`);
    expect(res.status, res.text).toBe(200);
    return id;
  }

  async function feed(c = visitor(), query = ''): Promise<Post[]> {
    const res = await c.get(`/api/feed/public${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.posts;
  }

  function expectFrenchRefusal(res: { status: number; body: { message?: unknown } }, status: number, message: string) {
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  }

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('publishing', () => {
    it('makes the owner’s item public once; publishing again keeps the first date', async () => {
      const alice = await member();
      const { id } = await savedItem(t, alice);
      expect((await feed()).some((p) => p.id === id)).toBe(false);

      const res = await alice.c.post(`/api/posts/${id}/public`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const published = await item(id);
      expect(published.isPublic).toBe(true);
      expect(published.publishedAt).toBeInstanceOf(Date);

      expect((await alice.c.post(`/api/posts/${id}/public`)).status).toBe(200);
      expect((await item(id)).publishedAt).toEqual(published.publishedAt);
      expect((await feed()).filter((p) => p.id === id)).toHaveLength(1);
    });

    it('answers 404 for someone else’s item and changes nothing; 400 and 401 for bad calls', async () => {
      const alice = await member();
      const bob = await member();
      const { id } = await savedItem(t, alice);
      expectFrenchRefusal(await bob.c.post(`/api/posts/${id}/public`), 404, messages.itemNotFound);
      expectFrenchRefusal(await bob.c.post('/api/posts/2147483000/public'), 404, messages.itemNotFound);
      expectFrenchRefusal(await bob.c.post('/api/posts/abc/public'), 400, messages.invalidId);
      expectFrenchRefusal(await visitor().post(`/api/posts/${id}/public`), 401, messages.unauthenticated);
      const untouched = await item(id);
      expect(untouched.isPublic).toBe(false);
      expect(untouched.publishedAt ?? null).toBeNull();
    });
  });

  describe('feed', () => {
    it('shows public posts only, newest publication first, naming authors without their e-mail', async () => {
      const alice = await member({ firstName: 'Alice', lastName: 'Martin' });
      const bob = await member({ firstName: 'Bruno', lastName: 'Petit' });
      const older = await post(alice);
      const hidden = await savedItem(t, alice);
      const newer = await post(bob);
      // Published after `newer`, though saved before it.
      const { id: republished } = await savedItem(t, alice);
      await alice.c.post(`/api/posts/${republished}/public`);

      const res = await visitor().get('/api/feed/public');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const ids = (res.body.posts as Post[]).map((p) => p.id);
      expect(ids.indexOf(republished)).toBeLessThan(ids.indexOf(newer));
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(ids).not.toContain(hidden.id);

      const first = (res.body.posts as Post[]).find((p) => p.id === older)!;
      expect(Object.keys(first).sort()).toEqual(
        [
          'createdAt',
          'description',
          'id',
          'isLiked',
          'likesCount',
          'mediaType',
          'originalImagePath',
          'publishedAt',
          'transformedImagePath',
          'user',
          'videoUrl',
        ].sort(),
      );
      expect(first.user).toEqual({ firstName: 'Alice', lastName: 'Martin' });
      expect(first.isLiked).toBe(false);
      for (const m of [alice, bob]) expect(res.text).not.toContain(m.email);
      expect(res.text).not.toMatch(/@|passwordHash|credits|username/);
    });

    it('pages with limit and cursor without skipping or repeating a post', async () => {
      const alice = await member();
      const em = t.db.orm.em.fork();
      const base = Date.now() + 1_000_000; // ahead of the other tests' posts
      for (let i = 0; i < 30; i += 1) {
        const at = new Date(base + Math.floor(i / 3) * 1000);
        em.create(GalleryItem, {
          owner: alice.userId,
          transformedImagePath: `/api/media/results/f-${i}.jpg`,
          isPublic: true,
          publishedAt: at,
          createdAt: at,
        });
      }
      await em.flush();
      const expected = (
        await em.find(GalleryItem, { isPublic: true }, { orderBy: { publishedAt: 'desc', id: 'desc' } })
      ).map((i) => i.id);

      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: { posts: Post[]; nextCursor: string | null } } = await visitor().get(
          `/api/feed/public?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.posts.length).toBeLessThanOrEqual(7);
        seen.push(...res.body.posts.map((p) => p.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
      expect(await feed(visitor(), '?limit=5')).toHaveLength(5);
      for (const limit of ['0', '101', 'x'])
        expectFrenchRefusal(await visitor().get(`/api/feed/public?limit=${limit}`), 400, messages.invalidLimit);
    });
  });

  describe('likes', () => {
    it('toggles a like, and shows isLiked to the liker only', async () => {
      const alice = await member();
      const bob = await member();
      const id = await post(alice);

      const liked = await bob.c.post(`/api/posts/${id}/like`);
      expect(liked.status).toBe(200);
      expect(liked.body).toEqual({ liked: true, likesCount: 1 });
      expect((await feed(bob.c)).find((p) => p.id === id)).toMatchObject({ isLiked: true, likesCount: 1 });
      expect((await feed(alice.c)).find((p) => p.id === id)).toMatchObject({ isLiked: false, likesCount: 1 });
      expect((await feed()).find((p) => p.id === id)).toMatchObject({ isLiked: false, likesCount: 1 });

      expect((await bob.c.post(`/api/posts/${id}/like`)).body).toEqual({ liked: false, likesCount: 0 });
      expect(await likeRows(id)).toBe(0);
      expect((await feed(bob.c)).find((p) => p.id === id)).toMatchObject({ isLiked: false, likesCount: 0 });
    });

    it('refuses visitors, private or missing posts and bad values, changing nothing', async () => {
      const alice = await member();
      const bob = await member();
      const id = await post(alice);
      const { id: privateId } = await savedItem(t, alice);
      expectFrenchRefusal(await visitor().post(`/api/posts/${id}/like`), 401, messages.likeNeedsAccount);
      expectFrenchRefusal(await bob.c.post(`/api/posts/${privateId}/like`), 404, messages.postNotFound);
      expectFrenchRefusal(await bob.c.post('/api/posts/2147483000/like'), 404, messages.postNotFound);
      expectFrenchRefusal(await bob.c.post('/api/posts/abc/like'), 400, messages.invalidId);
      expectFrenchRefusal(await bob.c.post(`/api/posts/${id}/like`, { liked: 'oui' }), 400, messages.invalidLiked);
      expect(await likeRows(id)).toBe(0);
      expect(await likeRows(privateId)).toBe(0);
      expect((await item(id)).likesCount).toBe(0);
    });

    it('keeps one like for 20 simultaneous likes by one user, then none after an unlike', async () => {
      const alice = await member();
      const bob = await member();
      const id = await post(alice);
      const clicks = await Promise.all(
        Array.from({ length: 20 }, () => bob.c.post(`/api/posts/${id}/like`, { liked: true })),
      );
      expect(clicks.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(clicks.every((r) => r.body.liked === true)).toBe(true);
      expect(await likeRows(id)).toBe(1);
      expect((await item(id)).likesCount).toBe(1);

      const unliked = await Promise.all(
        Array.from({ length: 20 }, () => bob.c.post(`/api/posts/${id}/like`, { liked: false })),
      );
      expect(unliked.every((r) => r.status === 200 && r.body.liked === false)).toBe(true);
      expect(await likeRows(id)).toBe(0);
      expect((await item(id)).likesCount).toBe(0);
    });

    it('keeps likesCount equal to the likes under 20 simultaneous toggles and many likers', async () => {
      const alice = await member();
      const bob = await member();
      const fans = await Promise.all(Array.from({ length: 8 }, () => member()));
      const id = await post(alice);
      const toggles = await Promise.all([
        ...Array.from({ length: 20 }, () => bob.c.post(`/api/posts/${id}/like`)),
        ...fans.map((fan) => fan.c.post(`/api/posts/${id}/like`)),
      ]);
      expect(toggles.map((r) => r.status)).toEqual(Array(28).fill(200));
      const rows = await likeRows(id);
      expect([8, 9]).toContain(rows);
      expect((await item(id)).likesCount).toBe(rows);
      expect(await t.db.orm.em.fork().count(Like, { item: id, user: bob.userId })).toBeLessThanOrEqual(1);
    });

    it('answers likes racing with the post’s deletion with 200 or 404, never 500', async () => {
      const alice = await member();
      const fans = await Promise.all(Array.from({ length: 6 }, () => member()));
      const id = await post(alice);
      const like = () => fans.map((fan) => fan.c.post(`/api/posts/${id}/like`));
      const results = await Promise.all([...like(), alice.c.request('DELETE', `/api/gallery/${id}`), ...like()]);
      for (const res of results) expect([200, 404]).toContain(res.status);
      expect(await likeRows(id)).toBe(0);
    });
  });

  describe('ETag', () => {
    async function poll(c: Member['c'], etag?: string) {
      return countQueries(t, () =>
        c.request('GET', '/api/feed/public', undefined, etag ? { 'if-none-match': etag } : {}),
      );
    }

    it('answers an unchanged poll 304 without a body or a list query, per viewer', async () => {
      const alice = await member();
      await post(alice);
      const anonymous = visitor();
      const { result: first, queries: firstQueries } = await poll(anonymous);
      expect(first.status).toBe(200);
      expect(firstQueries).toBeGreaterThanOrEqual(1);
      const etag = String(first.headers.etag);

      const { result: again, queries } = await poll(anonymous, etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(queries).toBe(0);

      // isLiked is the viewer's: a signed-in viewer does not share a visitor's tag.
      expect((await poll(alice.c, etag)).result.status).toBe(200);
      const own = String((await poll(alice.c)).result.headers.etag);
      const { result: ownAgain, queries: ownQueries } = await poll(alice.c, own);
      expect(ownAgain.status).toBe(304);
      // The session was found live a moment ago (every sign-out clears that memory, see sessions.test): no query.
      expect(ownQueries).toBe(0);
    });

    it('changes the tag after a publication, a like and a deletion', async () => {
      const alice = await member();
      const bob = await member();
      const { id } = await savedItem(t, alice);
      let etag = String((await poll(bob.c)).result.headers.etag);
      const changes: [string, () => Promise<unknown>][] = [
        ['publish', () => alice.c.post(`/api/posts/${id}/public`)],
        ['like', () => alice.c.post(`/api/posts/${id}/like`)],
        ['delete', () => alice.c.request('DELETE', `/api/gallery/${id}`)],
      ];
      for (const [what, change] of changes) {
        expect((await poll(bob.c, etag)).result.status, `before ${what}`).toBe(304);
        await change();
        const { result } = await poll(bob.c, etag);
        expect(result.status, `after ${what}`).toBe(200);
        expect(result.headers.etag).not.toBe(etag);
        etag = String(result.headers.etag);
      }
    });
  });
});
