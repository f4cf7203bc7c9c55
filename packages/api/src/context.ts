import type { EntityManager } from '@atelier/db';
import type { ApiDeps } from './deps';
import { identityResolver, type Credentials } from './security/identity';

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
