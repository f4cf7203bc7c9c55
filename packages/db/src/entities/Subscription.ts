import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

/**
 * A Stripe subscription as Stripe last told us: a copy kept for the account page and the
 * premium status, re-read from Stripe on each of its events, whatever their order.
 */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Null once its account is deleted. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    stripeId: p.string().length(191).unique(),
    /** One of the catalog's plan ids. */
    plan: p.string().length(16),
    /** The plan its schedule moves it to at renewal (a downgrade waits for the paid period to end), or null. */
    renewalPlan: p.string().length(16).nullable(),
    /** Stripe's status: incomplete, active, trialing, past_due, canceled, unpaid… */
    status: p.string().length(32),
    currentPeriodEnd: p.datetime(3).nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['user', 'createdAt'] }],
});
export type Subscription = InferEntity<typeof Subscription>;
