import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, commonMessages } from '../shared/errors';
import { waitInWords } from '../shared/rate-limit';

/** Wrong passwords an (account, address) pair may make before each next try has to wait. */
export const FREE_FAILURES = 5;
/** The wait doubles with each failure past the free ones (2 s, 4 s, 8 s…), up to this. */
const MAX_PAUSE_SECONDS = 15 * 60;
/** Failures an address may make in an hour, all accounts together, before it waits for the hour's end. */
const ADDRESS_FAILURES_PER_HOUR = 100;
/** How long a pair's failures are remembered, unless its owner signs in. */
const FAILURE_MEMORY_SECONDS = 24 * 3600;

export interface ThrottleSettings {
  /** Sign-ups allowed per minute from one address. */
  signUpsPerMinute: number;
  /** Shared by every instance; in this process without it. */
  redis?: { client: Redis; prefix: string } | null | undefined;
}

function refusal(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('RATE_LIMITED', `Trop de tentatives. Veuillez réessayer dans ${waitInWords(seconds)}.`, {
    retryAfterSeconds: seconds,
  });
}

/**
 * Password guessing slows down instead of locking anyone out. Failures are counted per (account,
 * address) pair and per address: past a few, the pair waits longer after each failure, and an
 * address failing on many accounts waits for the hour's end. An address that has not failed
 * reaches the account whatever another address did, so guessing never locks the owner out; a
 * success forgets the pair's failures. On Redis when configured, so every instance counts together.
 */
export class SignInThrottle {
  private readonly pairFailures: RateLimiterAbstract;
  private readonly pairPauses: RateLimiterAbstract;
  private readonly addressFailures: RateLimiterAbstract;
  private readonly signUps: RateLimiterAbstract;

  constructor(settings: ThrottleSettings) {
    const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
      const options = { keyPrefix: `${settings.redis?.prefix ?? 'atelier'}:throttle:${name}`, points, duration };
      if (!settings.redis) return new RateLimiterMemory(options);
      // While Redis is away, each instance counts on its own rather than refusing every sign-in.
      return new RateLimiterRedis({
        ...options,
        storeClient: settings.redis.client,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    };
    this.pairFailures = limiter('pair-failures', Number.MAX_SAFE_INTEGER, FAILURE_MEMORY_SECONDS);
    this.pairPauses = limiter('pair-pause', 1, MAX_PAUSE_SECONDS);
    this.addressFailures = limiter('address-failures', ADDRESS_FAILURES_PER_HOUR, 3600);
    this.signUps = limiter('sign-ups', settings.signUpsPerMinute, 60);
  }

  /**
   * Runs one password check for `account` (an e-mail, or a user's id) from `address`: refused with
   * a 429 and its wait while the pair or the address must wait; `check` gives null for a wrong
   * password, which counts, or what it found, which clears the pair.
   */
  async attempt<T>(account: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
    const pair = `${account}|${address}`;
    const [pause, byAddress] = await Promise.all([this.pairPauses.get(pair), this.addressFailures.get(address)]);
    // A pause is a block: its count stands above the limiter's single point while it lasts.
    const waits: number[] = [];
    if (pause && pause.consumedPoints > 1) waits.push(pause.msBeforeNext);
    if (byAddress && byAddress.consumedPoints >= ADDRESS_FAILURES_PER_HOUR) waits.push(byAddress.msBeforeNext);
    if (waits.length > 0) throw refusal(Math.max(...waits));

    const found = await check();
    if (found !== null) {
      await Promise.all([this.pairFailures.delete(pair), this.pairPauses.delete(pair)]);
      return found;
    }
    const [failures] = await Promise.all([this.pairFailures.consume(pair), this.addressFailures.penalty(address)]);
    const beyondFree = failures.consumedPoints - FREE_FAILURES;
    if (beyondFree > 0) await this.pairPauses.block(pair, Math.min(2 ** beyondFree, MAX_PAUSE_SECONDS));
    return null;
  }

  /** Counts one sign-up from the address; refused past the minute's allowance. */
  async signUp(address: string): Promise<void> {
    try {
      await this.signUps.consume(address);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new AppError('RATE_LIMITED', commonMessages.rateLimited, {
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        });
      }
      throw rejection;
    }
  }
}
