import { AppError, commonMessages } from './errors';

/**
 * Fixed-window counters kept in memory. One process is enough for one server; several servers
 * would share a Redis store behind the same `hit` signature.
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
