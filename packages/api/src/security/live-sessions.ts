import type { MikroORM } from '@atelier/db';
import type { Redis } from 'ioredis';
import type { RedisReads } from '../shared/redis-reads';
import { findLiveSession, type LiveSession, type SessionMemory } from './sessions';

/**
 * A count of the times any user's sessions ended (sign-out, "all devices", a new password), shared
 * by the instances: what an instance remembered under an older count may be stale.
 */
export interface SessionEndings {
  /** Counts one ending; resolves once every instance reads the new count. */
  announce(): Promise<void>;
  /** The count now, or null when it cannot be read (nothing may then be trusted from memory). */
  current(): Promise<string | null>;
}

/** One process. */
export class LocalSessionEndings implements SessionEndings {
  private count = 0;

  announce(): Promise<void> {
    this.count += 1;
    return Promise.resolve();
  }

  current(): Promise<string | null> {
    return Promise.resolve(String(this.count));
  }
}

/**
 * Every instance of a deployment, through one Redis counter: Redis answers commands in order, so a
 * request that reaches any instance after a sign-out was answered reads the new count.
 */
export class RedisSessionEndings implements SessionEndings {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    private readonly reads: RedisReads,
    prefix: string,
  ) {
    this.key = `${prefix}:sessions-ended`;
  }

  async announce(): Promise<void> {
    await this.redis.incr(this.key);
  }

  current(): Promise<string | null> {
    return this.reads.get(this.key).then(
      (count) => count ?? '0',
      () => null,
    );
  }
}

/** How long a session found live is trusted without asking the database again. */
export const LIVE_SESSION_TRUST_MS = 10_000;
const REMEMBERED_LIMIT = 10_000;

/**
 * The sessions table, read through a short memory: a polling browser (its gallery every 2 s)
 * costs one indexed lookup every few seconds instead of one per request. What is remembered holds
 * only while the count of session endings is the one read before its lookup (see SessionEndings):
 * after any sign-out on any instance, the next request of every session asks the database again,
 * so a copy of a signed-out cookie is refused at once everywhere.
 */
export class LiveSessions implements SessionMemory {
  private readonly remembered = new Map<string, { session: LiveSession; endings: string; trustedUntil: number }>();

  constructor(
    private readonly orm: MikroORM,
    private readonly endings: SessionEndings,
    private readonly trustMs = LIVE_SESSION_TRUST_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live session of a cookie's key, or null when it was ended or has expired. */
  async find(key: string): Promise<LiveSession | null> {
    // Read before the lookup: an ending racing with it leaves an older count, never a newer one.
    const endings = await this.endings.current();
    const now = this.now();
    const known = this.remembered.get(key);
    if (known && known.endings === endings && known.trustedUntil > now) return known.session;
    this.remembered.delete(key);
    const session = await findLiveSession(this.orm.em.fork(), key);
    if (session && endings !== null) {
      if (this.remembered.size >= REMEMBERED_LIMIT) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(key, {
        session,
        endings,
        trustedUntil: Math.min(now + this.trustMs, session.expiresAt.getTime()),
      });
    }
    return session;
  }

  /** To call once sessions ended in the database (committed): no instance trusts its memory of them any more. */
  ended(): Promise<void> {
    return this.endings.announce();
  }
}
