import DataLoader from 'dataloader';
import type { Redis } from 'ioredis';

/**
 * Redis GETs gathered into one MGET per turn of the event loop: every poll parsed in the same turn
 * (its session-endings count, its list's stamp) shares one command and one reply instead of two
 * commands each. A read waits at most until the end of the turn it was asked in, so it still goes
 * out after everything the request came after.
 */
export class RedisReads {
  private readonly loader: DataLoader<string, string | null>;

  constructor(redis: Redis) {
    this.loader = new DataLoader(
      async (keys) => {
        const distinct = [...new Set(keys)];
        const values = await redis.mget(distinct);
        const byKey = new Map(distinct.map((key, index) => [key, values[index] ?? null]));
        return keys.map((key) => byKey.get(key) ?? null);
      },
      // Nothing is remembered between turns: a value read once may have changed since.
      { cache: false, batchScheduleFn: (send) => setImmediate(send) },
    );
  }

  /** The key's value, or null when it has none. */
  get(key: string): Promise<string | null> {
    return this.loader.load(key);
  }
}
