import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

/** A password reset link sent by e-mail: only its SHA-256 is kept; usable once, until it expires. */
export const PasswordResetToken = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(3),
    usedAt: p.datetime(3).nullable(),
    createdAt: createdAt(),
  },
});
export type PasswordResetToken = InferEntity<typeof PasswordResetToken>;
