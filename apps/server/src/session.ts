import { SESSION_TTL_SECONDS, type SessionData, type SessionStore } from '@atelier/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sealData, unsealData } from 'iron-session';

export const SESSION_COOKIE = 'atelier_session';

export interface SessionOptions {
  secret: string;
  secure: boolean;
}

const CACHE_LIMIT = 10_000;
const CACHE_TTL_MS = 10 * 60_000;

function isSessionData(value: unknown): value is SessionData {
  const data = value as Partial<SessionData> | null;
  return typeof data?.key === 'string';
}

/**
 * Unsealing costs about half a millisecond of CPU per request. A seal never changes what it holds,
 * so each secret's reader keeps results for a while, never past the seal's own expiry.
 */
function sealReader(secret: string): (sealed: string) => Promise<SessionData | null> {
  const unsealed = new Map<string, { data: SessionData; validUntil: number }>();
  return async (sealed) => {
    const now = Date.now();
    const cached = unsealed.get(sealed);
    if (cached && cached.validUntil > now) return cached.data;
    unsealed.delete(sealed);
    const data = await unsealData(sealed, { password: secret, ttl: SESSION_TTL_SECONDS }).catch(() => ({}));
    if (!isSessionData(data)) return null;
    // iron seals end with `*expiration*hmacSalt*hmac`; the expiry is in milliseconds.
    const expiry = Number(sealed.split('*').at(-3)) || now;
    if (unsealed.size >= CACHE_LIMIT) unsealed.delete(unsealed.keys().next().value!);
    unsealed.set(sealed, { data, validUntil: Math.min(expiry, now + CACHE_TTL_MS) });
    return data;
  };
}

/**
 * Sessions for one app: reads the sealed cookie once per HTTP request and hands the API a
 * synchronous view of it. The cookie is sealed and authenticated (iron), HttpOnly,
 * SameSite=Lax, and Secure in production; the key it carries is checked against the sessions
 * table by the API (its context's `identify`), so a session ended there is refused everywhere.
 */
export function sessionOpener(options: SessionOptions) {
  const readSeal = sealReader(options.secret);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure };

  return async function openSession(request: FastifyRequest, reply: FastifyReply): Promise<SessionStore> {
    const sealed = request.cookies[SESSION_COOKIE];
    let current = sealed ? await readSeal(sealed) : null;
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
  };
}
