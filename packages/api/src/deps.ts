import type { EntityManager, MikroORM } from '@atelier/db';
import type { JobService } from './jobs/service';
import type { MediaDeps } from './media/deps';
import type { PaymentSettings } from './payments/stripe';
import type { LiveSessions } from './security/live-sessions';
import type { SignInThrottle } from './security/throttle';
import type { ApiConfig, MailSettings } from './settings';
import type { ListVersions } from './shared/list-versions';
import type { RateLimits } from './shared/rate-limit';

/**
 * Long-lived dependencies, built once per process. The modules named here, and whatever they
 * import, type their arguments with what they read (`{ em: EntityManager; liveSessions: LiveSessions }`)
 * rather than with ServiceDeps: an import of this module from them would run back in a circle,
 * which `npm run circles` refuses.
 */
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
