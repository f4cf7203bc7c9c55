import { AppError, commonMessages } from './errors';

/**
 * Fixed-window counters kept in memory, for sign-in, sign-up and password attempts only (their
 * throttling is its own concern); every other limit is a RateLimit, shared by all instances.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for every key and refuses once any of them is over the limit. */
  hit(...keys: string[]): void {
    const now = this.now();
    let refused = false;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > this.limit) refused = true;
    }
    if (this.windows.size > 50_000) this.prune(now);
    if (refused) throw new AppError('RATE_LIMITED', commonMessages.rateLimited);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * One limit on one kind of work, counted per subject (see rateLimitSubject) in a store that every
 * instance shares when there is Redis (the server's @fastify/rate-limit). `hit` counts one call
 * and throws RATE_LIMITED, with the seconds to wait, once the subject is over its limit.
 */
export interface RateLimit {
  hit(subject: string): Promise<void>;
}

/** The limits of the API beside the password attempts': what the server builds, one counter each. */
export interface RateLimits {
  /** Free image work: uploads, COMBINE and reference composites, before/after views. */
  imageWork: RateLimit;
  /** Checkouts: each opens a Stripe PaymentIntent. */
  payments: RateLimit;
}

/**
 * Whom a call counts against: the signed-in user wherever they call from, else the client's
 * address. An API token, once calls can carry one, is its own subject (`token:<id>`): add it first.
 */
export function rateLimitSubject(caller: { user?: { id: number } | null; ip: string }): string {
  return caller.user ? `user:${caller.user.id}` : `ip:${caller.ip}`;
}

/** The French refusal of a limited call, with when to try again. */
export function rateLimitedError(message: string, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
}
