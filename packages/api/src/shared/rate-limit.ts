import { AppError } from './errors';

/**
 * One limit on one kind of work, counted per subject (see rateLimitSubject) in a store that every
 * instance shares when there is Redis (the server's @fastify/rate-limit). `hit` counts one call
 * and throws RATE_LIMITED, with the seconds to wait, once the subject is over its limit.
 */
export interface RateLimit {
  hit(subject: string): Promise<void>;
}

/** The limits of the API beside the password attempts' (SignInThrottle): what the server builds, one counter each. */
export interface RateLimits {
  /** Free image work: uploads, COMBINE and reference composites, before/after views. */
  imageWork: RateLimit;
  /** Checkouts: each opens a Stripe PaymentIntent. */
  payments: RateLimit;
  /** Changes to the account (name, e-mail, password), per user. */
  accountUpdates: RateLimit;
  /** Password reset links asked (per address and per e-mail) and used (per address): each request may send a mail. */
  passwordResets: RateLimit;
  /** Exports of the account's data ("Exporter mes données"), per user: each reads every file of the account. */
  accountExports: RateLimit;
  /** Reports of public posts, per address: visitors may report too. */
  reports: RateLimit;
  /** Option tiles drawn on the member's own photo: each is a worker's render. */
  previews: RateLimit;
}

/** "30 secondes", "4 minutes": the wait a refusal names. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
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
