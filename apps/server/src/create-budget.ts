import { realSleep, type CreateBudget, type Sleep } from '@atelier/media';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis';

const MINUTE_SECONDS = 60;

/**
 * Replicate counts prediction creates per account and per minute, whatever instance sends them:
 * every instance takes from one window kept in Redis (the key `<prefix>:replicate-creates`), so a
 * burst of jobs spread over the workers waits here instead of being throttled there. While Redis
 * is away, each instance counts its own creates, as it did alone.
 */
export class RedisCreateBudget implements CreateBudget {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: { client: Redis; prefix: string },
    perMinute: number,
    private readonly sleep: Sleep = realSleep,
  ) {
    const options = { keyPrefix: `${redis.prefix}:replicate`, points: perMinute, duration: MINUTE_SECONDS };
    this.limiter = new RateLimiterRedis({
      ...options,
      storeClient: redis.client,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      try {
        await this.limiter.consume('creates');
        return;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        await this.sleep(refused.msBeforeNext, signal);
      }
    }
  }
}

/**
 * The budget every instance of a deployment shares, on a connection of its own to REDIS_URL made
 * at the first create (a web server creates none). Its connection errors are the shared
 * connections' too, which log them; here the in-process count takes over meanwhile.
 */
export function sharedCreateBudget(url: string, prefix: string, perMinute: number): CreateBudget {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  client.on('error', () => {});
  return new RedisCreateBudget({ client, prefix }, perMinute);
}
