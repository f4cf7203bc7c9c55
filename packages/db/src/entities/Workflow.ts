import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const Workflow = defineEntity({
  name: 'Workflow',
  tableName: 'workflows',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(120),
    graph: p.json<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['owner', 'name'] }],
  indexes: [{ properties: ['owner', 'updatedAt'] }],
});
export type Workflow = InferEntity<typeof Workflow>;
