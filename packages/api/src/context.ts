import type { EntityManager, MikroORM } from '@atelier/db';
import type { ListVersions } from './shared/list-versions';
import type { RateLimiter } from './shared/rate-limit';
import type { PasswordHashParams } from './auth/password';
import type { MailSettings } from './auth/password-reset';
import type { JobService } from './jobs/service';
import type { MediaDeps } from './media/deps';
import type { PaymentSettings } from './payments/stripe';

/** What the sealed session cookie carries. */
export interface SessionData {
  userId: number;
  /** Must equal the user's sessionVersion, so a password change signs out other sessions. */
  version: number;
}

/** The HTTP layer's cookie, seen by procedures without knowing about HTTP. */
export interface SessionStore {
  read(): SessionData | null;
  write(data: SessionData): Promise<void>;
  clear(): void;
}

export interface ApiConfig {
  launchOffer: { accounts: number; credits: number };
  /** The Découverte offer's monthly credits for free accounts; 0 turns it off. */
  discoveryOfferCredits: number;
  passwordHash: PasswordHashParams;
}

/** Long-lived dependencies, built once per process. */
export interface ApiDeps {
  orm: MikroORM;
  config: ApiConfig;
  limiters: { auth: RateLimiter; account: RateLimiter; payments: RateLimiter; passwordReset: RateLimiter };
  /** Password reset links by e-mail. */
  mail: MailSettings;
  payments: PaymentSettings;
  media: MediaDeps;
  /** What the polled lists' ETags are made of: one set per process. */
  listVersions: ListVersions;
  /** Every generation runs as one of its jobs. */
  jobs: JobService;
}

/** What one incoming call brings. */
export interface CallInput {
  session: SessionStore;
  ip: string;
}

export function createContextInner(deps: ApiDeps, call: CallInput) {
  return { ...deps, ...call, em: undefined as EntityManager | undefined };
}

export type Context = ReturnType<typeof createContextInner>;
