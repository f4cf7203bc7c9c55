import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * Where the polled lists' versions are kept: a random stamp per list, replaced by every write.
 * A list with no stamp yet (never written, expired, or a Redis that was emptied) is given a new
 * one when it is read, so a tag issued before can never match again: at worst one full answer.
 */
export interface VersionStore {
  /** The current stamps of these lists, each made when missing. */
  read(keys: string[]): Promise<string[]>;
  /** New stamps for these lists. */
  replace(keys: string[]): Promise<void>;
}

/** One process: what a single server needs, and the default without REDIS_URL. */
export class MemoryVersionStore implements VersionStore {
  private readonly stamps = new Map<string, string>();

  read(keys: string[]): Promise<string[]> {
    return Promise.resolve(
      keys.map((key) => {
        let stamp = this.stamps.get(key);
        if (stamp === undefined) this.stamps.set(key, (stamp = randomUUID()));
        return stamp;
      }),
    );
  }

  replace(keys: string[]): Promise<void> {
    for (const key of keys) this.stamps.set(key, randomUUID());
    return Promise.resolve();
  }
}

/** A list unwritten for this long loses its stamp: Redis keeps one key per active user, not per user ever. */
const STAMP_TTL_SECONDS = 30 * 24 * 3600;

/** Shared by every instance: they all give the same tag for the same list, and a write on one is seen by all. */
export class RedisVersionStore implements VersionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async read(keys: string[]): Promise<string[]> {
    const redisKeys = keys.map((key) => this.redisKey(key));
    const stamps = await this.redis.mget(redisKeys);
    return Promise.all(
      stamps.map(async (stamp, index) => {
        if (stamp !== null) return stamp;
        const key = redisKeys[index]!;
        // NX: an instance that made one at the same moment wins, and everyone reads its stamp.
        const made = randomUUID();
        const previous = await this.redis.set(key, made, 'EX', STAMP_TTL_SECONDS, 'NX', 'GET');
        return previous ?? made;
      }),
    );
  }

  async replace(keys: string[]): Promise<void> {
    const batch = this.redis.multi();
    for (const key of keys) batch.set(this.redisKey(key), randomUUID(), 'EX', STAMP_TTL_SECONDS);
    await batch.exec();
  }

  private redisKey(key: string): string {
    return `${this.prefix}:list-version:${key}`;
  }
}

const galleryKey = (ownerId: number) => `gallery:${ownerId}`;
const videosKey = (ownerId: number) => `videos:${ownerId}`;
const FEED_KEY = 'feed';

/**
 * Tags for the polled lists — each user's gallery and videos, and the public feed — so that an
 * unchanged poll (the gallery and videos every 2 s, the feed every 30 s) is answered 304 with no
 * SQL query. Every write that changes what a list shows replaces its stamp once it is done:
 * gallery saves, deletions, publishing and likes here; any other code that writes gallery items,
 * likes or videos must call the same methods. A list reads its tag *before* its query, so a write
 * racing with the query leaves an older tag on newer rows (one extra full answer), never the reverse.
 */
export class ListVersions {
  constructor(private readonly store: VersionStore = new MemoryVersionStore()) {}

  galleryChanged(ownerId: number): Promise<void> {
    return this.store.replace([galleryKey(ownerId)]);
  }

  videosChanged(ownerId: number): Promise<void> {
    return this.store.replace([videosKey(ownerId)]);
  }

  feedChanged(): Promise<void> {
    return this.store.replace([FEED_KEY]);
  }

  /** A write seen in a user's gallery and in the feed (publishing, liking, deleting a public item). */
  galleryAndFeedChanged(ownerId: number): Promise<void> {
    return this.store.replace([galleryKey(ownerId), FEED_KEY]);
  }

  /** The tag of one page of a user's gallery. */
  galleryTag(ownerId: number, page: unknown): Promise<string> {
    return this.tag(galleryKey(ownerId), page);
  }

  /** The tag of one page of a user's videos. */
  videosTag(ownerId: number, page: unknown): Promise<string> {
    return this.tag(videosKey(ownerId), page);
  }

  /** The tag of one page of the feed as one viewer sees it (`isLiked` is theirs); null for a visitor. */
  feedTag(viewerId: number | null, page: unknown): Promise<string> {
    return this.tag(FEED_KEY, [viewerId, page]);
  }

  private async tag(key: string, page: unknown): Promise<string> {
    const [stamp] = await this.store.read([key]);
    return createHash('sha256').update(JSON.stringify([key, stamp, page])).digest('base64url').slice(0, 32);
  }
}

/** What a `*.version` procedure answers: the tag, and the caller it was made for (null for a visitor or an ended session). */
export const listVersionSchema = z.object({ version: z.string().nullable(), viewerId: z.number().nullable() });
export type ListVersion = z.infer<typeof listVersionSchema>;
