import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Identity } from '../security/identity';
import { invalidInput } from './errors';
import { resourceFault } from './faults';
import type { RedisReads } from './redis-reads';

/**
 * Where the polled lists' versions are kept: a random stamp per list, replaced by every write.
 * A list with no stamp yet (never written, expired, or a Redis that was emptied) is given a new
 * one when it is read, so a tag issued before can never match again: at worst one full answer.
 */
export interface VersionStore {
  /** The current stamps of these lists, each made when missing. */
  read(keys: string[]): Promise<string[]>;
  /** The current stamp of one list, or null when it has none (none is made). */
  peek(key: string): Promise<string | null>;
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

  peek(key: string): Promise<string | null> {
    return Promise.resolve(this.stamps.get(key) ?? null);
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
    private readonly reads: RedisReads,
    private readonly prefix: string,
  ) {}

  read(keys: string[]): Promise<string[]> {
    return Promise.all(
      keys.map(async (key) => {
        const redisKey = this.redisKey(key);
        const stamp = await this.reads.get(redisKey);
        if (stamp !== null) return stamp;
        // NX: an instance that made one at the same moment wins, and everyone reads its stamp.
        const made = randomUUID();
        const previous = await this.redis.set(redisKey, made, 'EX', STAMP_TTL_SECONDS, 'NX', 'GET');
        return previous ?? made;
      }),
    );
  }

  peek(key: string): Promise<string | null> {
    return this.reads.get(this.redisKey(key));
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

  /** The version check of one page of a user's gallery: a tag for its owner only, null for anyone else. */
  galleryVersion(viewer: Promise<Identity | null>, ownerId: number, page: unknown): Promise<ListVersion> {
    return this.versionFor(viewer, galleryKey(ownerId), (viewerId) => (viewerId === ownerId ? page : NOT_THEIRS));
  }

  /** The version check of one page of a user's videos: a tag for their owner only, null for anyone else. */
  videosVersion(viewer: Promise<Identity | null>, ownerId: number, page: unknown): Promise<ListVersion> {
    return this.versionFor(viewer, videosKey(ownerId), (viewerId) => (viewerId === ownerId ? page : NOT_THEIRS));
  }

  /** The version check of one page of the feed, as feedTag gives it to this viewer. */
  feedVersion(viewer: Promise<Identity | null>, page: unknown): Promise<ListVersion> {
    return this.versionFor(viewer, FEED_KEY, (viewerId) => [viewerId, page]);
  }

  /**
   * The tag `tag` would give the caller `viewer` resolves to, or null when `pageFor` says the list
   * is not theirs. The stamp is asked for at once, beside the caller's session check: both go out
   * in one Redis MGET (RedisReads), one round trip per poll instead of two, and both still come
   * before any list query. A missing stamp is made only for a caller who gets the tag, so a
   * stranger's polls never add keys.
   */
  private async versionFor(
    viewer: Promise<Identity | null>,
    key: string,
    pageFor: (viewerId: number | null) => unknown,
  ): Promise<ListVersion> {
    const [identity, found] = await Promise.all([viewer, this.store.peek(key)]);
    const viewerId = identity?.userId ?? null;
    const page = pageFor(viewerId);
    if (page === NOT_THEIRS) return { viewerId, version: null };
    return { viewerId, version: hashTag(key, found ?? (await this.store.read([key]))[0]!, page) };
  }

  private async tag(key: string, page: unknown): Promise<string> {
    const [stamp] = await this.store.read([key]);
    return hashTag(key, stamp!, page);
  }
}

const NOT_THEIRS = Symbol('not their list');

function hashTag(key: string, stamp: string, page: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([key, stamp, page]))
    .digest('base64url')
    .slice(0, 32);
}

/** What a `*.version` procedure answers: the tag, and the caller it was made for (null for a visitor or an ended session). */
export const listVersionSchema = z.object({ version: z.string().nullable(), viewerId: z.number().nullable() });
export type ListVersion = z.infer<typeof listVersionSchema>;

/** What a version check reads of a call's context: who calls (the session's row or the token), and the stamps. */
export interface VersionCheckContext {
  identify(): Promise<Identity | null>;
  listVersions: ListVersions;
}

/**
 * A polled list's version check: its input and its rule, in one piece that the list's `version`
 * procedure runs for the web app and the REST polls run without a tRPC caller (see
 * checkListVersion), because a poll is little else than this check.
 */
export interface ListVersionCheck<Input extends z.ZodType> {
  input: Input;
  run(ctx: VersionCheckContext, input: z.output<Input>): Promise<ListVersion>;
}

export function listVersionCheck<Input extends z.ZodType>(
  input: Input,
  run: ListVersionCheck<Input>['run'],
): ListVersionCheck<Input> {
  return { input, run };
}

/**
 * Runs a version check on client input as its procedure would: a refused input is the same 400
 * (zod's issues, as the procedure's input check gives them), the database out of reach the same
 * 503, anything else the same 500.
 */
export async function checkListVersion<Input extends z.ZodType>(
  check: ListVersionCheck<Input>,
  ctx: VersionCheckContext,
  input: unknown,
): Promise<ListVersion> {
  const parsed = check.input.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  try {
    return await check.run(ctx, parsed.data);
  } catch (error) {
    throw resourceFault(error) ?? error;
  }
}
