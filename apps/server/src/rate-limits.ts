import { rateLimitedError, type RateLimit, type RateLimits } from '@atelier/api';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SharedRedis } from './redis';

export interface RateLimitSettings {
  /** Uploads, composites and before/after views per minute, per user (or address). */
  imageWorkPerMinute?: number | undefined;
  /** Checkouts opened per minute, per user. */
  paymentsPerMinute?: number | undefined;
}

const messages = {
  imageWork: (seconds: number) => `Trop d'images traitées en peu de temps. Réessayez dans ${seconds} s.`,
  payments: (seconds: number) => `Trop de paiements ouverts en peu de temps. Réessayez dans ${seconds} s.`,
};

/** What a limit's counter is found by: the kind of work and whom it counts against. */
interface CountedCall {
  rateLimitKey: string;
}

/**
 * The API's limits (see RateLimits) on @fastify/rate-limit's counters: in Redis when there is
 * one, so every instance counts the same calls (keys under `<prefix>:rate-limit:`), else in this
 * process. The procedures count their own calls, so a limit holds on the REST paths and on tRPC
 * alike; whom a call counts against is the API's rateLimitSubject.
 */
export async function registerRateLimits(app: FastifyInstance, redis: SharedRedis | null, settings: RateLimitSettings = {}): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: `${redis.prefix}:rate-limit:` } : {}),
    // Redis away: the calls go through rather than fail, as they did on one machine.
    skipOnError: true,
  });
  const limit = (work: keyof RateLimits, perMinute: number): RateLimit => {
    const check = app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (call) => (call as unknown as CountedCall).rateLimitKey,
    });
    return {
      async hit(subject) {
        // The plugin's checks take a request for their key; the key is all this one reads of it.
        const call = { rateLimitKey: `${work}:${subject}`, routeOptions: { config: {} } } satisfies CountedCall & { routeOptions: unknown };
        const result = await check(call as unknown as FastifyRequest);
        if (!result.isAllowed && result.isExceeded) throw rateLimitedError(messages[work](result.ttlInSeconds), result.ttlInSeconds);
      },
    };
  };
  return {
    // Free work, but each costs the server a decode and an encode: plenty for a person, not for a script.
    imageWork: limit('imageWork', settings.imageWorkPerMinute ?? 120),
    // Each checkout opens a Stripe PaymentIntent: enough for people, not for flooding Stripe.
    payments: limit('payments', settings.paymentsPerMinute ?? 20),
  };
}
