import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const CREDIT_ENTRY_TYPES = ['credit', 'debit'] as const;
/** held: a debit reserved before work starts; settled: final; released: a hold given back. */
export const CREDIT_ENTRY_STATUSES = ['held', 'settled', 'released'] as const;

export const CreditEntry = defineEntity({
  name: 'CreditEntry',
  tableName: 'credit_entries',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Null once its account is deleted: the entry stays, anonymised, for the accounts. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    type: p.string().length(16).$type<(typeof CREDIT_ENTRY_TYPES)[number]>(),
    status: p.string().length(16).$type<(typeof CREDIT_ENTRY_STATUSES)[number]>(),
    amount: p.integer(),
    balanceAfter: p.integer(),
    description: p.string().length(255),
    reason: p.string().length(32),
    /** What caused the entry (transformation, payment intent, offer): never applied twice. */
    externalRef: p.string().length(191).unique(),
    createdAt: createdAt(),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['status', 'createdAt'] }],
});
export type CreditEntry = InferEntity<typeof CreditEntry>;
