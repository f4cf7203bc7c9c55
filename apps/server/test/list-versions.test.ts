import { RedisReads } from '@atelier/api';
import { testDatabaseTargets } from '@atelier/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberFactory, savedItem, type Member } from './support/gallery';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { deleteRedisKeys, testQueueTargets } from './support/redis';

/** Two instances on one database and one Redis, as behind a load balancer: REDIS_URL only (see test-all). */
const redisTargets = testQueueTargets().filter((target) => target.name === 'redis');

describe.each(
  testDatabaseTargets().flatMap((database) =>
    redisTargets.map((redis) => ({ name: `${database.name} and Redis`, database, redis })),
  ),
)('list versions shared by two instances on $name', ({ database, redis }) => {
  let a: TestApp;
  let b: TestApp;
  const member = memberFactory(() => a, 31);

  beforeAll(async () => {
    a = await startTestApp(database, { queue: redis });
    b = await startTestApp(database, { queue: redis, instanceOf: a });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The same person's browser, its requests sent to instance B. */
  function onB(m: Member): TestClient {
    const client = b.client({ ip: '10.31.200.1' });
    m.c.copySessionTo(client);
    return client;
  }

  const poll = (client: TestClient, url: string, etag?: string) =>
    client.request('GET', url, undefined, etag ? { 'if-none-match': etag } : {});

  it('gives the same tag on both, and B answers 304 to a copy A sent', async () => {
    const alice = await member();
    await savedItem(a, alice);
    const gallery = `/api/gallery/${alice.userId}`;
    const fromA = await poll(alice.c, gallery);
    expect(fromA.status).toBe(200);
    const fromB = await poll(onB(alice), gallery, String(fromA.headers.etag));
    expect(fromB.status).toBe(304);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);

    const feedA = await poll(alice.c, '/api/feed/public');
    expect((await poll(onB(alice), '/api/feed/public', String(feedA.headers.etag))).status).toBe(304);
  });

  it('shows on B, at the next poll, every save, publication, like and deletion made on A', async () => {
    const alice = await member();
    const bob = await member();
    const aliceOnB = onB(alice);
    const gallery = `/api/gallery/${alice.userId}`;
    const item = await savedItem(a, alice);
    let galleryTag = String((await poll(aliceOnB, gallery)).headers.etag);
    let feedTag = String((await poll(aliceOnB, '/api/feed/public')).headers.etag);

    // A private save leaves the feed as it was (304); everything else changes both lists.
    const expectations: [string, () => Promise<unknown>, (gallery: any, feed: any) => void][] = [
      ['save', () => savedItem(a, alice), (list, feed) => expect([list.gallery.length, feed]).toEqual([2, undefined])],
      [
        'publish',
        () => alice.c.post(`/api/posts/${item.id}/public`),
        (list, feed) => {
          expect(list.gallery.find((entry: { id: number }) => entry.id === item.id).isPublic).toBe(true);
          expect(feed.posts.some((post: { id: number }) => post.id === item.id)).toBe(true);
        },
      ],
      [
        'like',
        () => bob.c.post(`/api/posts/${item.id}/like`),
        (list, feed) => {
          expect(list.gallery.find((entry: { id: number }) => entry.id === item.id).likesCount).toBe(1);
          expect(feed.posts.find((post: { id: number }) => post.id === item.id).likesCount).toBe(1);
        },
      ],
      [
        'delete',
        () => alice.c.request('DELETE', `/api/gallery/${item.id}`),
        (list, feed) => {
          expect(list.gallery).toHaveLength(1);
          expect(feed.posts.some((post: { id: number }) => post.id === item.id)).toBe(false);
        },
      ],
    ];
    for (const [what, change, check] of expectations) {
      await change();
      const listed = await poll(aliceOnB, gallery, galleryTag);
      const fed = await poll(aliceOnB, '/api/feed/public', feedTag);
      expect([listed.status, fed.status], `after ${what} on A`).toEqual([200, what === 'save' ? 304 : 200]);
      check(listed.body, fed.body);
      galleryTag = String(listed.headers.etag);
      feedTag = String(fed.headers.etag);
    }
  });

  it('never lets a tag issued before Redis lost its stamps match again', async () => {
    const alice = await member();
    await savedItem(a, alice);
    const gallery = `/api/gallery/${alice.userId}`;
    const before = String((await poll(alice.c, gallery)).headers.etag);
    await deleteRedisKeys({ url: a.redis!.url, prefix: `${a.redis!.prefix}:list-version` });
    // Nothing tells what was written while the stamps were gone: one full answer, never a 304.
    const after = await poll(onB(alice), gallery, before);
    expect(after.status).toBe(200);
    expect(after.body.gallery).toHaveLength(1);
    expect((await poll(alice.c, gallery, String(after.headers.etag))).status).toBe(304);
  });

  it('keeps its stamps under the deployment prefix, with an expiry', async () => {
    const alice = await member();
    await poll(alice.c, `/api/gallery/${alice.userId}`);
    const client = new Redis(a.redis!.url);
    try {
      const key = `${a.redis!.prefix}:list-version:gallery:${alice.userId}`;
      expect(await client.exists(key)).toBe(1);
      expect(await client.ttl(key)).toBeGreaterThan(0);
    } finally {
      await client.quit();
    }
  });

  it('adds no stamp for a gallery polled by anyone but its owner', async () => {
    const alice = await member();
    const bob = await member();
    const gallery = `/api/gallery/${alice.userId}`;
    const client = new Redis(a.redis!.url);
    try {
      const key = `${a.redis!.prefix}:list-version:gallery:${alice.userId}`;
      expect((await poll(bob.c, gallery)).status).toBe(403);
      expect((await poll(a.client({ ip: '10.31.200.2' }), gallery)).status).toBe(401);
      expect(await client.exists(key)).toBe(0);
      expect((await poll(alice.c, gallery)).status).toBe(200);
      expect(await client.exists(key)).toBe(1);
    } finally {
      await client.quit();
    }
  });
});

describe.each(redisTargets)("the polls' Redis reads ($name)", ({ url }) => {
  it('go out as one MGET per turn of the event loop, each read getting its own value, and nothing is remembered', async () => {
    const redis = new Redis(url!);
    const prefix = `atelier-test-reads-${process.pid}`;
    const sent: string[] = [];
    const send = redis.sendCommand.bind(redis);
    // Records what goes over this connection; the commands still reach the real server.
    redis.sendCommand = (command, stream) => {
      sent.push(command.name);
      return send(command, stream);
    };
    try {
      await redis.mset(`${prefix}:count`, '7', `${prefix}:stamp`, 'abc');
      sent.length = 0;
      const reads = new RedisReads(redis);
      // Two polls of one turn: a count, a stamp, the count again and a key with no value.
      const values = await Promise.all([
        reads.get(`${prefix}:count`),
        reads.get(`${prefix}:stamp`),
        reads.get(`${prefix}:count`),
        reads.get(`${prefix}:none`),
      ]);
      expect(values).toEqual(['7', 'abc', '7', null]);
      expect(sent).toEqual(['mget']);

      await redis.incr(`${prefix}:count`);
      expect(await reads.get(`${prefix}:count`)).toBe('8');
    } finally {
      await redis.del(`${prefix}:count`, `${prefix}:stamp`);
      await redis.quit();
    }
  });
});
