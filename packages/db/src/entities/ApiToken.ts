import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const API_TOKEN_SCOPES = ['read', 'generate'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/**
 * A personal API token for third-party REST clients. Only the SHA-256 of the token is kept: the
 * token itself is shown once, at creation; `prefix` is its first characters, to recognise it.
 */
export const ApiToken = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(60),
    tokenHash: p.string().length(64).unique(),
    prefix: p.string().length(16),
    /** `read`: reading only; `generate`: also writes and generations, which spend credits. */
    scope: p.string().length(16).$type<ApiTokenScope>(),
    createdAt: createdAt(),
    /** Touched at most once a minute by the requests it authenticates. */
    lastUsedAt: p.datetime(3).nullable(),
    revokedAt: p.datetime(3).nullable(),
  },
  indexes: [{ properties: ['user', 'createdAt'] }],
});
export type ApiToken = InferEntity<typeof ApiToken>;
