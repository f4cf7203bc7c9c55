import { ApiToken, type ApiTokenScope, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';
import { isStale, randomSecret, secretHash } from './secrets';

/** Every token starts with it, so one pasted in the wrong place is recognised (and by secret scanners). */
export const API_TOKEN_PREFIX = 'atl_';
/** Enough for anyone's scripts; a bound so the list stays a list. */
export const MAX_API_TOKENS = 50;

export const tokenMessages = {
  invalid: "Jeton d'API invalide ou révoqué",
  sessionOnly: "Cette action se fait depuis votre compte, connecté : un jeton d'API ne peut pas la faire.",
  readOnly: "Ce jeton d'API ne permet que la lecture : il faut un jeton « Génération » pour modifier ou générer.",
  notFound: "Jeton d'API introuvable",
  tooMany: `Vous avez déjà ${MAX_API_TOKENS} jetons d'API : révoquez-en un avant d'en créer un autre.`,
} as const;

/** Who an API token speaks for, and what it may do. */
export interface TokenIdentity {
  id: number;
  userId: number;
  scope: ApiTokenScope;
}

export interface TokenSummary {
  id: number;
  name: string;
  prefix: string;
  scope: ApiTokenScope;
  createdAt: Date;
  lastUsedAt: Date | null;
}

function summary(token: ApiToken): TokenSummary {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scope: token.scope,
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt ?? null,
  };
}

/** The token as sent in `Authorization: Bearer …`, or null when it is unknown or revoked. */
export async function authenticateToken(em: EntityManager, token: string): Promise<TokenIdentity | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const found = await em.findOne(
    ApiToken,
    { tokenHash: secretHash(token), revokedAt: null },
    { fields: ['user', 'scope', 'lastUsedAt'], disableIdentityMap: true },
  );
  if (!found) return null;
  const now = new Date();
  if (isStale(found.lastUsedAt ?? null, now)) await em.nativeUpdate(ApiToken, { id: found.id }, { lastUsedAt: now });
  return { id: found.id, userId: found.user.id, scope: found.scope };
}

/** A new token: its full text is in the answer, and nowhere else ever again. */
export async function createToken(
  em: EntityManager,
  userId: number,
  input: { name: string; scope: ApiTokenScope },
): Promise<{ token: string; item: TokenSummary }> {
  if ((await em.count(ApiToken, { user: userId, revokedAt: null })) >= MAX_API_TOKENS) {
    throw new AppError('CONFLICT', tokenMessages.tooMany);
  }
  const token = `${API_TOKEN_PREFIX}${randomSecret()}`;
  const created = em.create(ApiToken, {
    user: userId,
    name: input.name,
    tokenHash: secretHash(token),
    prefix: token.slice(0, 12),
    scope: input.scope,
    createdAt: new Date(),
    lastUsedAt: null,
    revokedAt: null,
  });
  await em.flush();
  return { token, item: summary(created) };
}

/** The user's live tokens, the newest first. */
export async function listTokens(em: EntityManager, userId: number): Promise<TokenSummary[]> {
  const tokens = await em.find(
    ApiToken,
    { user: userId, revokedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return tokens.map(summary);
}

/** Revokes one of the user's own tokens: it is refused (401) from its next request. */
export async function revokeToken(em: EntityManager, userId: number, tokenId: number): Promise<void> {
  const revoked = await em.nativeUpdate(
    ApiToken,
    { id: tokenId, user: userId, revokedAt: null },
    { revokedAt: new Date() },
  );
  if (revoked === 0) throw new AppError('NOT_FOUND', tokenMessages.notFound);
}

/**
 * Revokes every token of the user, and says how many: a password reset takes the account back from
 * whoever made them, and the owner may do it at will (a script's machine lost).
 */
export async function revokeTokens(em: EntityManager, userId: number, now = new Date()): Promise<number> {
  return em.nativeUpdate(ApiToken, { user: userId, revokedAt: null }, { revokedAt: now });
}
