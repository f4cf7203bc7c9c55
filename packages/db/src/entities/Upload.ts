import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const Upload = defineEntity({
  name: 'Upload',
  tableName: 'uploads',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    storageKey: p.string().length(191).unique(),
    size: p.integer(),
    mime: p.string().length(64),
    width: p.integer(),
    height: p.integer(),
    /** The documented free-text description of the wanted transformation. */
    style: p.text().nullable(),
    /** The structured selection the web app sends next to `style`. */
    selection: p.json<Record<string, unknown>>().nullable(),
    isComposite: p.boolean().default(false),
    createdAt: createdAt(),
  },
  indexes: [{ properties: ['owner', 'createdAt'] }],
});
export type Upload = InferEntity<typeof Upload>;
