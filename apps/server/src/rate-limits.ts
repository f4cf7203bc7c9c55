import { rateLimitedError, waitInWords, type RateLimit, type RateLimits } from '@atelier/api';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SharedRedis } from './redis';

export interface RateLimitSettings {
  /** Uploads, composites and before/after views per minute, per user (or address). */
  imageWorkPerMinute?: number | undefined;
  /** Checkouts opened per minute, per user. */
  paymentsPerMinute?: number | undefined;
  /** Requests per minute on the REST paths for each personal API token. */
  apiTokenRequestsPerMinute?: number | undefined;
  /** Account changes per minute, per user. */
  accountUpdatesPerMinute?: number | undefined;
  /** Exports of the account's data per minute, per user. */
  accountExportsPerMinute?: number | undefined;
  /** Option previews drawn on the member's own photo per minute, per user. */
  previewsPerMinute?: number | undefined;
  /** Password reset links asked per hour, per address and per e-mail; links used per hour, per address. */
  passwordResetsPerHour?: number | undefined;
  /** Reports of public posts per hour, per address. */
  reportsPerHour?: number | undefined;
}

const MINUTE_MS = 60_000;

const messages = {
  imageWork: (seconds: number) => `Trop d'images traitées en peu de temps. Réessayez dans ${seconds} s.`,
  payments: (seconds: number) => `Trop de paiements ouverts en peu de temps. Réessayez dans ${seconds} s.`,
  apiToken: (seconds: number) => `Trop de requêtes avec ce jeton d'API. Réessayez dans ${seconds} s.`,
  accountUpdates: (seconds: number) => `Trop de modifications du compte en peu de temps. Réessayez dans ${seconds} s.`,
  accountExports: (seconds: number) => `Trop d'exports de vos données en peu de temps. Réessayez dans ${seconds} s.`,
  previews: (seconds: number) => `Trop d'aperçus demandés en peu de temps. Réessayez dans ${seconds} s.`,
  reports: (seconds: number) => `Trop de signalements en peu de temps. Réessayez dans ${waitInWords(seconds)}.`,
  passwordResets: (seconds: number) =>
    `Trop de demandes de réinitialisation du mot de passe. Veuillez réessayer dans ${waitInWords(seconds)}.`,
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
export async function registerRateLimits(
  app: FastifyInstance,
  redis: SharedRedis | null,
  settings: RateLimitSettings = {},
): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: `${redis.prefix}:rate-limit:` } : {}),
    // Redis away: the calls go through rather than fail, as they did on one machine.
    skipOnError: true,
  });
  /** A counter per key: the seconds to wait once the key is over `max` calls in `windowMs`, else null. */
  const counter = (max: number, windowMs: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (call) => (call as unknown as CountedCall).rateLimitKey,
    });
    return async (key: string): Promise<number | null> => {
      // The plugin's checks take a request for their key; the key is all this one reads of it.
      const call = { rateLimitKey: key, routeOptions: { config: {} } } satisfies CountedCall & {
        routeOptions: unknown;
      };
      const result = await check(call as unknown as FastifyRequest);
      return !result.isAllowed && result.isExceeded ? result.ttlInSeconds : null;
    };
  };
  const limit = (work: keyof RateLimits, max: number, windowMs = MINUTE_MS): RateLimit => {
    const over = counter(max, windowMs);
    return {
      async hit(subject) {
        const wait = await over(`${work}:${subject}`);
        if (wait !== null) throw rateLimitedError(messages[work](wait), wait);
      },
    };
  };

  // A script's own budget, apart from its owner's browser: every REST request a token makes counts.
  const tokenOver = counter(settings.apiTokenRequestsPerMinute ?? 600, MINUTE_MS);
  app.addHook('preHandler', async (request, reply) => {
    const token = await app.apiTokenOf(request);
    if (!token) return;
    const wait = await tokenOver(`apiToken:${token.id}`);
    if (wait !== null)
      return reply
        .code(429)
        .header('retry-after', String(Math.max(1, wait)))
        .send({ message: messages.apiToken(Math.max(1, wait)) });
  });
  return {
    // Free work, but each costs the server a decode and an encode: plenty for a person, not for a script.
    imageWork: limit('imageWork', settings.imageWorkPerMinute ?? 120),
    // Each checkout opens a Stripe PaymentIntent: enough for people, not for flooding Stripe.
    payments: limit('payments', settings.paymentsPerMinute ?? 20),
    accountUpdates: limit('accountUpdates', settings.accountUpdatesPerMinute ?? 10),
    // Each request may send a mail: a few an hour.
    passwordResets: limit('passwordResets', settings.passwordResetsPerHour ?? 5, 60 * MINUTE_MS),
    // Plenty for a person.
    accountExports: limit('accountExports', settings.accountExportsPerMinute ?? 10),
    // Each is drawn by a worker, beside the paid work: a whole category (clothing's 200 the most) in a
    // minute, not a script redrawing every tile of photo after photo.
    previews: limit('previews', settings.previewsPerMinute ?? 240),
    // Plenty for a person who meets several posts to report; a script flooding the queue is stopped.
    reports: limit('reports', settings.reportsPerHour ?? 20, 60 * MINUTE_MS),
  };
}
