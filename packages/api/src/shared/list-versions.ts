import { createHash, randomUUID } from 'node:crypto';
import type { SessionData } from '../context';

/**
 * Change counters for the polled lists — each user's gallery and the public feed — so that an
 * unchanged poll (the gallery and videos every 2 s, the feed every 30 s) is answered 304 from memory, with
 * no query at all. Every write that changes what a list shows bumps its counter after it is done:
 * gallery saves, deletions, publishing and likes here; any other code that writes gallery items
 * or likes must call the same methods. A list reads its tag *before* its query, so a write racing
 * with the query leaves an older tag on newer rows (one extra full answer), never the reverse.
 *
 * The counters live in this process. With several servers behind a load balancer they move to
 * Redis with the same methods: `INCR gallery-version:<userId>` / `INCR feed-version` on writes,
 * one `GET` per poll (still no SQL), and the boot epoch replaced by a fixed prefix.
 */
export class ListVersions {
  /** New on every start: a tag issued before a restart never matches the counters starting again. */
  private readonly epoch = randomUUID();
  private feed = 0;
  /** One number per user who has written since start: small next to the users table. */
  private readonly galleries = new Map<number, number>();
  private readonly videos = new Map<number, number>();

  galleryChanged(ownerId: number): void {
    this.galleries.set(ownerId, (this.galleries.get(ownerId) ?? 0) + 1);
  }

  videosChanged(ownerId: number): void {
    this.videos.set(ownerId, (this.videos.get(ownerId) ?? 0) + 1);
  }

  feedChanged(): void {
    this.feed += 1;
  }

  /** The tag of one page of a user's gallery. */
  galleryTag(ownerId: number, page: unknown): string {
    return this.tag(['gallery', ownerId, this.galleries.get(ownerId) ?? 0, page]);
  }

  /** The tag of one page of a user's videos. */
  videosTag(ownerId: number, page: unknown): string {
    return this.tag(['videos', ownerId, this.videos.get(ownerId) ?? 0, page]);
  }

  /** The tag of one page of the feed as one viewer sees it (`isLiked` is theirs); null for a visitor. */
  feedTag(viewerId: number | null, page: unknown): string {
    return this.tag(['feed', viewerId, this.feed, page]);
  }

  /**
   * The tags the polled lists' `version` procedures and the REST fast path give, from memory and
   * the sealed session alone (no query): the feed as the session's viewer sees it; a gallery or a
   * video list only for its owner's session (null otherwise: the list itself answers the others).
   * The session is not re-checked against the database here; a tag only ever confirms a copy its
   * holder already received, and a password change bumps the version (see account).
   */
  feedTagFor(session: SessionData | null, page: unknown): string {
    return this.feedTag(session?.userId ?? null, page);
  }

  galleryTagFor(session: SessionData | null, page: { userId: number }): string | null {
    return session?.userId === page.userId ? this.galleryTag(page.userId, page) : null;
  }

  videosTagFor(session: SessionData | null, page: { userId: number }): string | null {
    return session?.userId === page.userId ? this.videosTag(page.userId, page) : null;
  }

  private tag(parts: unknown[]): string {
    return createHash('sha256').update(JSON.stringify([this.epoch, ...parts])).digest('base64url').slice(0, 32);
  }
}
