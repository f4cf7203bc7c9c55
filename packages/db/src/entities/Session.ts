import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

/**
 * One signed-in browser. The sealed cookie carries a random key whose SHA-256 is `keyHash`: a
 * cookie is good only while its row exists and is not revoked (logout, password change, "log out
 * everywhere").
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    keyHash: p.string().length(64).unique(),
    /** The browser's User-Agent when it signed in, for the list of devices. */
    userAgent: p.string().length(512).nullable(),
    createdAt: createdAt(),
    /** Touched at most once a minute by the requests of this session. */
    lastSeenAt: p.datetime(3),
    revokedAt: p.datetime(3).nullable(),
  },
});
export type Session = InferEntity<typeof Session>;
