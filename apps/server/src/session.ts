import type { SessionData, SessionStore } from '@atelier/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sealData, unsealData } from 'iron-session';

export const SESSION_COOKIE = 'atelier_session';
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

export interface SessionOptions {
  secret: string;
  secure: boolean;
}

function isSessionData(value: unknown): value is SessionData {
  const data = value as Partial<SessionData> | null;
  return typeof data?.userId === 'number' && typeof data.version === 'number';
}

/**
 * Reads the sealed cookie once per HTTP request and hands the API a synchronous view of it.
 * The cookie is sealed and authenticated (iron), HttpOnly, SameSite=Lax, and Secure in production.
 */
export async function openSession(request: FastifyRequest, reply: FastifyReply, options: SessionOptions): Promise<SessionStore> {
  let current: SessionData | null = null;
  const sealed = request.cookies[SESSION_COOKIE];
  if (sealed) {
    const data = await unsealData(sealed, { password: options.secret, ttl: SESSION_TTL_SECONDS }).catch(() => ({}));
    if (isSessionData(data)) current = data;
  }
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
  };
  return {
    read: () => current,
    async write(data) {
      current = data;
      const seal = await sealData(data, { password: options.secret, ttl: SESSION_TTL_SECONDS });
      reply.setCookie(SESSION_COOKIE, seal, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
    },
    clear() {
      current = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
}
