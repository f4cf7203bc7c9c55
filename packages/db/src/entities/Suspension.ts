import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

/** A suspended account, with the statement of reasons it was given; the row goes when it is lifted. */
export const Suspension = defineEntity({
  name: 'Suspension',
  tableName: 'account_suspensions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').unique(),
    statement: p.text(),
    createdAt: createdAt(),
  },
});
export type Suspension = InferEntity<typeof Suspension>;
