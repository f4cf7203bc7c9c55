import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './User';

/** A paid subscription invoice and the credits it granted (the ledger entry carries its id too). */
export const SubscriptionInvoice = defineEntity({
  name: 'SubscriptionInvoice',
  tableName: 'subscription_invoices',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Null once its account is deleted: the invoice stays, anonymised, for the accounts. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    stripeId: p.string().length(191).unique(),
    subscriptionStripeId: p.string().length(191),
    amountCents: p.integer(),
    currency: p.string().length(3),
    credits: p.integer(),
    /** Stripe's page for the invoice and its PDF. */
    hostedUrl: p.string().length(2048).nullable(),
    paidAt: p.datetime(3),
  },
  indexes: [{ properties: ['user', 'paidAt'] }],
});
export type SubscriptionInvoice = InferEntity<typeof SubscriptionInvoice>;
