import { Session, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';
import { deviceLabel } from './device';
import { isStale, randomSecret, secretHash } from './secrets';
import type { SessionStore } from './session-cookie';

/** A session lasts 14 days from sign-in: the sealed cookie expires then too. */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

/**
 * What remembers live sessions (LiveSessions), told once sessions ended in the database so that
 * no instance trusts its memory of them any more. Declared here because LiveSessions reads the
 * table through this module: naming LiveSessions itself would import it back.
 */
export interface SessionMemory {
  ended(): Promise<void>;
}

export const sessionMessages = {
  notFound: 'Session introuvable',
} as const;

function oldestLiveStart(now: Date): Date {
  return new Date(now.getTime() - SESSION_TTL_SECONDS * 1000);
}

/** Opens a session for a user who just proved who they are; its key goes into the sealed cookie. */
export async function startSession(em: EntityManager, userId: number, userAgent: string | null): Promise<string> {
  const key = randomSecret();
  const now = new Date();
  // The user's ended sessions go now: the table holds what can still be listed, not a history.
  await em.nativeDelete(Session, {
    user: userId,
    $or: [{ revokedAt: { $ne: null } }, { createdAt: { $lt: oldestLiveStart(now) } }],
  });
  em.create(Session, {
    user: userId,
    keyHash: secretHash(key),
    userAgent: userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastSeenAt: now,
    revokedAt: null,
  });
  await em.flush();
  return key;
}

/** A new session row for the user, its key sealed into this browser's cookie. */
export async function signIn(
  ctx: { em: EntityManager; session: SessionStore; userAgent?: string | null | undefined },
  userId: number,
): Promise<void> {
  await ctx.session.write({ key: await startSession(ctx.em, userId, ctx.userAgent ?? null) });
}

export interface LiveSession {
  id: number;
  userId: number;
  /** When it ends by itself, 14 days after sign-in. */
  expiresAt: Date;
}

/**
 * The live session a cookie's key names, or null when it was ended or has expired: one lookup by
 * a unique index, plus a write at most once a minute for its last-seen date. Requests read it
 * through LiveSessions, which remembers it a few seconds.
 */
export async function findLiveSession(em: EntityManager, key: string): Promise<LiveSession | null> {
  const now = new Date();
  const session = await em.findOne(
    Session,
    { keyHash: secretHash(key), revokedAt: null, createdAt: { $gt: oldestLiveStart(now) } },
    { fields: ['user', 'lastSeenAt', 'createdAt'], disableIdentityMap: true },
  );
  if (!session) return null;
  if (isStale(session.lastSeenAt, now)) await em.nativeUpdate(Session, { id: session.id }, { lastSeenAt: now });
  return {
    id: session.id,
    userId: session.user.id,
    expiresAt: new Date(session.createdAt.getTime() + SESSION_TTL_SECONDS * 1000),
  };
}

export interface SessionSummary {
  id: number;
  device: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The user's live sessions, the most recently seen first. */
export async function listSessions(
  em: EntityManager,
  userId: number,
  currentSessionId: number | null,
): Promise<SessionSummary[]> {
  const sessions = await em.find(
    Session,
    { user: userId, revokedAt: null, createdAt: { $gt: oldestLiveStart(new Date()) } },
    { orderBy: { lastSeenAt: 'desc', id: 'desc' } },
  );
  return sessions.map((session) => ({
    id: session.id,
    device: deviceLabel(session.userAgent ?? null),
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    current: session.id === currentSessionId,
  }));
}

/**
 * Ends one of the user's own sessions; another user's is as unknown as a missing one. Then no
 * instance trusts what it remembered of sessions (see LiveSessions).
 */
export async function endSession(
  { em, liveSessions: live }: { em: EntityManager; liveSessions: SessionMemory },
  { userId, sessionId }: { userId: number; sessionId: number },
): Promise<void> {
  const ended = await em.nativeUpdate(
    Session,
    { id: sessionId, user: userId, revokedAt: null },
    { revokedAt: new Date() },
  );
  if (ended === 0) throw new AppError('NOT_FOUND', sessionMessages.notFound);
  await live.ended();
}

/**
 * Ends every session of the user. Inside a transaction, `live.ended()` is the caller's to call
 * once it is committed: before, another instance could read the rows still live and remember them.
 */
export async function endSessions(em: EntityManager, live: SessionMemory | null, userId: number): Promise<void> {
  await em.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: new Date() });
  await live?.ended();
}
