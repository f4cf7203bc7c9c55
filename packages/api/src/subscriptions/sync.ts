import type { SubscriptionPlan } from '@atelier/catalog';
import {
  Subscription,
  SubscriptionInvoice,
  UniqueConstraintViolationException,
  User,
  type EntityManager,
} from '@atelier/db';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ledger } from '../credits/ledger';
import { callStripe } from '../payments/stripe';
import { subscriptionMessages } from './messages';
import { planPrices, type PlanPrices } from './prices';

export const SUBSCRIPTION_REASON = 'subscription';

/** Stripe's statuses under which the subscriber is premium. */
const PREMIUM_STATUSES = new Set(['active', 'trialing']);

export const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
const reference = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]);

/**
 * What a grant reads of an invoice (a signed event's, or one retrieved from Stripe): a body
 * without these parts is refused rather than followed into a crash.
 */
export const invoiceSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().nullable(),
  customer: reference.nullable(),
  amount_paid: z.number().int(),
  currency: z.string().length(3),
  hosted_invoice_url: z.string().max(2048).nullish(),
  created: z.number(),
  status_transitions: z.looseObject({ paid_at: z.number().nullable() }),
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: reference }).nullable() }).nullable(),
  lines: z.looseObject({
    data: z.array(
      z.looseObject({
        amount: z.number(),
        pricing: z.looseObject({ price_details: z.looseObject({ price: reference }).optional() }).nullable(),
      }),
    ),
  }),
});
export type InvoiceFacts = z.infer<typeof invoiceSchema>;

async function userOfCustomer(em: EntityManager, customer: string | { id: string }): Promise<number | null> {
  const user = await em.findOne(User, { stripeCustomerId: idOf(customer) }, { fields: ['id'] });
  return user?.id ?? null;
}

/**
 * The plan the subscription's schedule puts it on when the period paid for ends (a downgrade
 * waiting for the renewal), or null when the renewal keeps the plan.
 */
async function renewalPlanOf(
  stripe: Stripe,
  prices: PlanPrices,
  subscription: Stripe.Subscription,
  plan: SubscriptionPlan,
  periodEnd: number,
): Promise<SubscriptionPlan['id'] | null> {
  const scheduled = subscription.schedule;
  if (!scheduled) return null;
  const schedule =
    typeof scheduled === 'string'
      ? await callStripe(() => stripe.subscriptionSchedules.retrieve(scheduled), subscriptionMessages.checkFailed)
      : scheduled;
  const price = schedule.phases.find((phase) => phase.start_date >= periodEnd)?.items[0]?.price;
  const renewal = price ? await prices.planOf(idOf(price)) : undefined;
  return renewal && renewal.id !== plan.id ? renewal.id : null;
}

/**
 * Copies a subscription as Stripe has it now (the caller retrieved it, so an event's order does
 * not matter) and sets the owner's premium status from all their subscriptions.
 */
export async function storeSubscription(em: EntityManager, stripe: Stripe, subscription: Stripe.Subscription) {
  const userId = await userOfCustomer(em, subscription.customer);
  if (userId === null) return null;
  const item = subscription.items.data[0];
  const prices = await planPrices(stripe);
  const plan = item ? await prices.planOf(item.price.id) : undefined;
  if (!item || !plan) return null;
  const fields = {
    plan: plan.id,
    renewalPlan: await renewalPlanOf(stripe, prices, subscription, plan, item.current_period_end),
    status: subscription.status,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    updatedAt: new Date(),
  };
  const updated = await em.nativeUpdate(Subscription, { stripeId: subscription.id }, fields);
  if (updated === 0) {
    try {
      await em.insert(Subscription, { user: userId, stripeId: subscription.id, ...fields, createdAt: new Date() });
    } catch (error) {
      // Another event about it arrived at the same moment: both read the same Stripe state.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      await em.nativeUpdate(Subscription, { stripeId: subscription.id }, fields);
    }
  }
  const premium = await em.count(Subscription, { user: userId, status: { $in: [...PREMIUM_STATUSES] } });
  await em.nativeUpdate(User, { id: userId }, { subscriptionType: premium > 0 ? 'premium' : 'free' });
  return { userId, ...fields };
}

/** Reads a subscription from Stripe and stores it. */
export async function syncSubscription(em: EntityManager, stripe: Stripe, subscriptionId: string) {
  const subscription = await callStripe(
    () => stripe.subscriptions.retrieve(subscriptionId),
    subscriptionMessages.checkFailed,
  );
  return storeSubscription(em, stripe, subscription);
}

/**
 * The credits a paid invoice buys: each line's plan credits in proportion to what the line
 * charges of the plan's price. A renewal's line is the whole price (all the credits); an upgrade's
 * prorations are the unused time of the old plan (negative) and the rest of the period on the new
 * one, so the difference is granted as Stripe prorated it. Never negative.
 */
export async function invoiceCredits(prices: PlanPrices, invoice: InvoiceFacts): Promise<number> {
  let credits = 0;
  for (const line of invoice.lines.data) {
    const price = line.pricing?.price_details?.price;
    const plan = price ? await prices.planOf(idOf(price)) : undefined;
    if (plan) credits += (plan.credits * line.amount) / plan.priceCents;
  }
  return Math.max(0, Math.floor(credits + 1e-9));
}

export function subscriptionOfInvoice(invoice: InvoiceFacts): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription ? idOf(subscription) : null;
}

/**
 * Grants a paid invoice's credits, once: the ledger entry is keyed by the invoice id, so a
 * replayed, duplicated or early event, and the checkout's own check, all end in one grant.
 */
export async function grantInvoice(em: EntityManager, stripe: Stripe, invoice: InvoiceFacts): Promise<number> {
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (invoice.status !== 'paid' || !subscriptionId || !invoice.customer) return 0;
  const userId = await userOfCustomer(em, invoice.customer);
  if (userId === null) return 0;
  const credits = await invoiceCredits(await planPrices(stripe), invoice);
  if (credits > 0) {
    await ledger.grant(em, {
      userId,
      amount: credits,
      description: 'Crédits de votre abonnement',
      reason: SUBSCRIPTION_REASON,
      externalRef: `invoice:${invoice.id}`,
    });
  }
  try {
    await em.insert(SubscriptionInvoice, {
      user: userId,
      stripeId: invoice.id,
      subscriptionStripeId: subscriptionId,
      amountCents: invoice.amount_paid,
      currency: invoice.currency,
      credits,
      hostedUrl: invoice.hosted_invoice_url ?? null,
      paidAt: new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000),
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return credits;
}
