import { ApiToken, type ApiTokenScope, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';
import type { LiveSessions } from './live-sessions';
import type { SessionData, SessionStore } from './session-cookie';
import { tokenMessages, type TokenIdentity } from './tokens';

/** Who a call comes from: a signed-in browser's session, or a REST client's API token. */
export type Identity =
  | { userId: number; via: 'session'; sessionId: number }
  | { userId: number; via: 'token'; tokenId: number; scope: ApiTokenScope };

export interface Credentials {
  session: SessionStore;
  /**
   * The API token sent as `Authorization: Bearer` (REST paths only), already looked up: null when
   * it is unknown or revoked. Absent when none was sent; a token, when sent, replaces the cookie.
   */
  bearer?: Promise<TokenIdentity | null> | null | undefined;
}

/**
 * The one check every call goes through (procedures, list versions, file downloads): the cookie's
 * session must still be live in the database, the token must be known and not revoked. Resolved
 * once per call context, and again only if the call signs in or out meanwhile.
 */
export function identityResolver(live: LiveSessions, credentials: Credentials): () => Promise<Identity | null> {
  let resolvedFor: SessionData | null | undefined;
  let resolved: Promise<Identity | null> | undefined;

  async function resolve(data: SessionData | null): Promise<Identity | null> {
    if (credentials.bearer) {
      const token = await credentials.bearer;
      if (!token) throw new AppError('UNAUTHENTICATED', tokenMessages.invalid);
      return { userId: token.userId, via: 'token', tokenId: token.id, scope: token.scope };
    }
    if (!data) return null;
    const session = await live.find(data.key);
    if (!session) {
      credentials.session.clear();
      return null;
    }
    return { userId: session.userId, via: 'session', sessionId: session.id };
  }

  return () => {
    const data = credentials.session.read();
    if (!resolved || data !== resolvedFor) {
      resolvedFor = data;
      resolved = resolve(data);
    }
    return resolved;
  };
}

/**
 * Whether the identity a call started with still holds: its session is still live (a sign-out or a
 * new password anywhere ended none of it), its token is not revoked. A long stream asks again
 * before each message, as a new request would.
 */
export async function identityHolds(
  { em, liveSessions: live }: { em: EntityManager; liveSessions: LiveSessions },
  { credentials, identity }: { credentials: Credentials; identity: Identity },
): Promise<boolean> {
  if (identity.via === 'token') return (await em.count(ApiToken, { id: identity.tokenId, revokedAt: null })) > 0;
  const data = credentials.session.read();
  return data !== null && (await live.find(data.key))?.id === identity.sessionId;
}
