import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { Upload } from './Upload';
import { User } from './User';

export const TRANSFORMATION_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const Transformation = defineEntity({
  name: 'Transformation',
  tableName: 'transformations',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    upload: () => p.manyToOne(Upload).nullable().deleteRule('set null'),
    kind: p.string().length(16),
    prompt: p.text(),
    options: p.json<Record<string, unknown>>().nullable(),
    status: p.string().length(16).$type<(typeof TRANSFORMATION_STATUSES)[number]>(),
    resultKey: p.string().length(191).nullable(),
    /** The last part of resultKey, on its own so that the before/after view, asked for by it, is an index lookup. */
    resultFile: p.string().length(64).nullable(),
    engine: p.string().length(32),
    durationMs: p.integer().nullable(),
    error: p.text().nullable(),
    createdAt: createdAt(),
  },
  indexes: [{ properties: ['owner', 'createdAt'] }, { properties: ['resultKey'] }, { properties: ['resultFile'] }],
});
export type Transformation = InferEntity<typeof Transformation>;
