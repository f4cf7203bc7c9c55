import { AuditEntry, type AuditAction, type EntityManager } from '@atelier/db';

/** Who acted: the administrator's account. */
export interface Actor {
  id: number;
  email: string;
}

/** Writes one administrator action to the audit log, in the caller's transaction when there is one. */
export async function recordAudit(
  em: EntityManager,
  actor: Actor,
  entry: {
    action: AuditAction;
    target: { type: 'post' | 'user'; id: number };
    reason: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await em.insert(AuditEntry, {
    actor: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    reason: entry.reason,
    details: entry.details ?? null,
    createdAt: new Date(),
  });
}
