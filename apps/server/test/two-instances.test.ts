import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type MikroORM } from '@atelier/db';
import { createEmptyDatabase } from '@atelier/db/testing';
import { LocalImageEngine, LocalVideoEngine, RenderCache, S3Storage } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../packages/media/test/support/s3-server';
import { buildApp } from '../src/app';
import { TEST_HASH_PARAMS } from './support/harness';
import { samplePhoto } from './support/images';
import { listen, roundRobin } from './support/round-robin';
import { deleteRedisKeys } from './support/redis';

/** Needs a MySQL-family server and Redis: the deployment it proves has both (see test-all for the skip). */
const deployments = process.env.MYSQL_URL && process.env.REDIS_URL ? [{ name: 'MariaDB/MySQL, Redis and s3rver', mysql: process.env.MYSQL_URL, redis: process.env.REDIS_URL }] : [];

/** A browser: one cookie jar, whichever address it calls. */
class Browser {
  private cookie = '';

  async call(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const response = await fetch(url, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return response;
  }

  post(url: string, body: unknown = {}): Promise<Response> {
    return this.call(url, { method: 'POST', body: JSON.stringify(body) });
  }
}

describe.each(deployments)('two instances behind a round-robin proxy on $name', ({ mysql, redis }) => {
  let database: { url: string; drop(): Promise<void> };
  const redisSettings = { url: redis, prefix: `atelier-test-${randomBytes(6).toString('hex')}` };
  const renders = mkdtempSync(join(tmpdir(), 'atelier-renders-'));
  let s3: TestS3Server;
  let instances: { app: FastifyInstance; orm: MikroORM; url: string }[] = [];
  let proxy: Server;
  let viaProxy: string;

  async function startInstance(): Promise<{ app: FastifyInstance; orm: MikroORM; url: string }> {
    const orm = await openDatabase(database.url);
    const app = await buildApp({
      orm,
      sessionSecret: 'a-test-secret-that-is-long-enough-for-iron',
      secureCookies: false,
      webDist: null,
      trustProxy: ['127.0.0.1'],
      api: { passwordHash: TEST_HASH_PARAMS },
      redis: redisSettings,
      media: { storage: new S3Storage(s3.settings), renders: new RenderCache(renders), images: new LocalImageEngine(), videos: new LocalVideoEngine() },
    });
    return { app, orm, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    // An empty database, as a MySQL service makes it: both instances migrate it at once.
    database = await createEmptyDatabase(mysql);
    instances = await Promise.all([startInstance(), startInstance()]);
    proxy = roundRobin(instances.map(({ url }) => Number(new URL(url).port)));
    viaProxy = `http://127.0.0.1:${await listen(proxy)}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    for (const { app } of instances) await app.close();
    for (const { orm } of instances) await orm.close(true);
    await database?.drop();
    await deleteRedisKeys(redisSettings);
    await s3?.close();
    rmSync(renders, { recursive: true, force: true });
  });

  it('both start together on an empty database and are healthy', async () => {
    for (const { url } of instances) expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('keeps a session made on one on the other, uploads on A and transforms on B', async () => {
    const [a, b] = instances.map(({ url }) => url) as [string, string];
    const person = new Browser();
    const signUp = await person.post(`${a}/api/register`, { email: `pair-${randomBytes(4).toString('hex')}@example.fr`, password: 'motdepasse', firstName: 'Inès', lastName: 'Roy' });
    expect(signUp.status).toBe(200);
    expect((await person.call(`${b}/api/auth/account`)).status).toBe(200);

    const form = new FormData();
    form.append('selection', JSON.stringify({ style: { id: 'watercolor' } }));
    form.append('image', new Blob([new Uint8Array(await samplePhoto(8))], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await person.call(`${a}/api/upload`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    const { id, imagePath } = (await uploaded.json()) as { id: number; imagePath: string };
    const transformed = await person.post(`${b}/api/transform/${id}`);
    expect(transformed.status).toBe(200);
    const { transformedImagePath } = (await transformed.json()) as { transformedImagePath: string };
    expect((await person.call(`${a}${transformedImagePath}`)).status).toBe(200);
    expect((await person.call(`${b}${imagePath}`)).status).toBe(200);
  });

  it('shows every save, publication, like and deletion made on A at the next poll through the proxy, never a stale 304', async () => {
    const a = instances[0]!.url;
    const owner = new Browser();
    const liker = new Browser();
    const email = `owner-${randomBytes(4).toString('hex')}@example.fr`;
    const { user } = (await (await owner.post(`${a}/api/register`, { email, password: 'motdepasse', firstName: 'Léa', lastName: 'Noël' })).json()) as { user: { id: number } };
    await liker.post(`${a}/api/register`, { email: `liker-${email}`, password: 'motdepasse', firstName: 'Tom', lastName: 'Roux' });
    const form = new FormData();
    form.append('selection', JSON.stringify({ style: { id: 'watercolor' } }));
    form.append('image', new Blob([new Uint8Array(await samplePhoto(9))], { type: 'image/jpeg' }), 'photo.jpg');
    const { id: uploadId, imagePath } = (await (await owner.call(`${a}/api/upload`, { method: 'POST', body: form })).json()) as { id: number; imagePath: string };
    const { transformedImagePath } = (await (await owner.post(`${a}/api/transform/${uploadId}`)).json()) as { transformedImagePath: string };

    const galleryUrl = `${viaProxy}/api/gallery/${user.id}`;
    const tags = { gallery: '', feed: '' };
    async function poll(): Promise<{ gallery: { id: number; isPublic: boolean; likesCount: number }[]; feed: { id: number; likesCount: number }[] }> {
      const gallery = await owner.call(galleryUrl, { headers: tags.gallery ? { 'if-none-match': tags.gallery } : {} });
      const feed = await owner.call(`${viaProxy}/api/feed/public`, { headers: tags.feed ? { 'if-none-match': tags.feed } : {} });
      expect(gallery.status).toBe(200);
      tags.gallery = gallery.headers.get('etag')!;
      tags.feed = feed.status === 304 ? tags.feed : feed.headers.get('etag')!;
      // The same tags, asked of the other instance by the next request, are current there too.
      expect((await owner.call(galleryUrl, { headers: { 'if-none-match': tags.gallery } })).status).toBe(304);
      return { gallery: ((await gallery.json()) as { gallery: never[] }).gallery, feed: feed.status === 304 ? [] : ((await feed.json()) as { posts: never[] }).posts };
    }

    await poll();
    const saved = await owner.post(`${a}/api/gallery/save`, { transformedImagePath, originalImagePath: imagePath });
    const { item } = (await saved.json()) as { item: { id: number } };
    expect((await poll()).gallery.map((entry) => entry.id)).toEqual([item.id]);
    await owner.post(`${a}/api/posts/${item.id}/public`);
    const published = await poll();
    expect(published.gallery[0]!.isPublic).toBe(true);
    expect(published.feed.some((post) => post.id === item.id)).toBe(true);
    await liker.post(`${a}/api/posts/${item.id}/like`);
    expect((await poll()).gallery[0]!.likesCount).toBe(1);
    await owner.call(`${a}/api/gallery/${item.id}`, { method: 'DELETE' });
    expect((await poll()).gallery).toEqual([]);
  });
});
