import { authenticateToken, type TokenIdentity } from '@atelier/api';
import type { MikroORM } from '@atelier/db';
import type { FastifyRequest } from 'fastify';

/**
 * Which API token a request to a REST path (`/api/…`) came with: null when it sent none
 * (`Authorization: Bearer …`), else its lookup — the token, or null when it is unknown or revoked.
 * Looked up once per request, whoever asks first (the procedures, a per-token rate limit).
 */
export type ApiTokenOf = (request: FastifyRequest) => Promise<TokenIdentity | null> | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** See {@link ApiTokenOf}. */
    apiTokenOf: ApiTokenOf;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Whether the request speaks for an API token: REST paths only; tRPC is the web app's, on its cookie. */
export function sentBearerToken(request: FastifyRequest): string | null {
  if (!request.url.startsWith('/api/')) return null;
  return BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

export function apiTokenLookup(orm: MikroORM): ApiTokenOf {
  const lookups = new WeakMap<FastifyRequest, Promise<TokenIdentity | null>>();
  return (request) => {
    const token = sentBearerToken(request);
    if (token === null) return null;
    let lookup = lookups.get(request);
    if (!lookup) {
      lookup = authenticateToken(orm.em.fork(), token);
      lookups.set(request, lookup);
    }
    return lookup;
  };
}
