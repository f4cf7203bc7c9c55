import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255).hidden(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    username: p.string().length(64).unique(),
    /** Cached balance; the credit ledger is the record and always sums to it. */
    credits: p.integer().default(0),
    /** 'premium' while a subscription is active or trialing. */
    subscriptionType: p.string().length(16).default('free'),
    /** The user's Stripe Customer, made at their first subscription. */
    stripeCustomerId: p.string().length(191).nullable().unique(),
    lastUsedImage: p.string().length(255).nullable(),
    /** When the member accepted the CGU / CGV, and which version: a purchase needs the current one. */
    termsAcceptedAt: p.datetime(3).nullable(),
    termsVersion: p.string().length(32).nullable(),
    createdAt: createdAt(),
  },
});
export type User = InferEntity<typeof User>;
