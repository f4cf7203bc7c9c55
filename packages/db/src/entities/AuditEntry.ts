import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

/** What an administrator did: reports decided, credits granted or withdrawn, accounts suspended. */
export const AUDIT_ACTIONS = [
  'report.hide',
  'report.dismiss',
  'post.restore',
  'credits.adjust',
  'user.suspend',
  'user.unsuspend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One administrator action: who, what, on what, when and why. The administrator's e-mail is kept
 * beside the link to their account, so the entry still names them once that account is gone.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    actorEmail: p.string().length(254),
    action: p.string().length(32).$type<AuditAction>(),
    /** `post` or `user`, and its id. */
    targetType: p.string().length(16).$type<'post' | 'user'>(),
    targetId: p.integer(),
    /** Why: the statement of reasons or the reason given. */
    reason: p.text(),
    /** What the action changed, when more than its target (a credit amount and its ledger reference). */
    details: p.json<Record<string, unknown>>().nullable(),
    createdAt: createdAt(),
  },
  indexes: [{ properties: ['createdAt'] }, { properties: ['targetType', 'targetId'] }],
});
export type AuditEntry = InferEntity<typeof AuditEntry>;
