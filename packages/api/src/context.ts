import type { EntityManager, MikroORM } from '@atelier/db';
import type { ListVersions } from './shared/list-versions';
import type { RateLimits } from './shared/rate-limit';
import { identityResolver, type Credentials } from './security/identity';
import type { LiveSessions } from './security/live-sessions';
import type { SignInThrottle } from './security/throttle';
import type { PasswordHashParams } from './auth/password';
import type { MailSettings } from './auth/password-reset';
import type { JobService } from './jobs/service';
import type { MediaDeps } from './media/deps';
import type { StorageQuotas } from './shared/quotas';
import type { PaymentSettings } from './payments/stripe';

/** What the sealed session cookie carries: the key of a row of the sessions table. */
export interface SessionData {
  key: string;
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
  /** What each account may keep (pictures, workflows). */
  quotas: StorageQuotas;
  operator: OperatorDetails;
  /** The administrators' e-mail addresses, lower-cased (ADMIN_EMAILS). */
  adminEmails: readonly string[];
}

/** Who runs the instance, for the legal pages; each null until the server's settings give it. */
export interface OperatorDetails {
  name: string | null;
  address: string | null;
  email: string | null;
  hostingProvider: string | null;
}

/** Long-lived dependencies, built once per process. */
export interface ApiDeps {
  orm: MikroORM;
  config: ApiConfig;
  /** Password checks (sign-in, password change) and sign-ups. */
  signIn: SignInThrottle;
  /** Every other limit, shared by the instances when there is Redis. */
  limits: RateLimits;
  /** Password reset links by e-mail. */
  mail: MailSettings;
  payments: PaymentSettings;
  media: MediaDeps;
  /** What the polled lists' ETags are made of: one set per process. */
  listVersions: ListVersions;
  /** Every generation runs as one of its jobs. */
  jobs: JobService;
  /** The sessions table through a short memory that every sign-out clears on every instance. */
  liveSessions: LiveSessions;
}

/**
 * What a service may be handed as its first argument: the long-lived dependencies and the
 * procedure's own EntityManager, under the names the procedure's context gives them, so a
 * procedure passes `ctx` itself. Each service takes a `Pick<>` of it: what it reads, no more.
 */
export type ServiceDeps = ApiDeps & { em: EntityManager };

/** What one incoming call brings. */
export interface CallInput extends Credentials {
  ip: string;
  /** The browser's User-Agent, remembered with a new session to name its device. */
  userAgent?: string | null | undefined;
}

/** `identify()` is who the call comes from: the one check of sessions and tokens that every path relies on. */
export function createContextInner(deps: ApiDeps, call: CallInput) {
  return {
    ...deps,
    ...call,
    identify: identityResolver(deps.liveSessions, call),
    em: undefined as EntityManager | undefined,
  };
}

export type Context = ReturnType<typeof createContextInner>;
