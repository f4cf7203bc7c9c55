import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Null once its account is deleted: the payment stays, anonymised, for the accounts. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The card provider's PaymentIntent id. */
    intentId: p.string().length(191).unique(),
    credits: p.integer(),
    amountCents: p.integer(),
    currency: p.string().length(3),
    status: p.string().length(32),
    creditedAt: p.datetime(3).nullable(),
    createdAt: createdAt(),
  },
});
export type Payment = InferEntity<typeof Payment>;
