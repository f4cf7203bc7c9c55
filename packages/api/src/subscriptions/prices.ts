import { findPlan, OFFER_CURRENCY, SUBSCRIPTION_PLANS, type PlanId, type SubscriptionPlan } from '@atelier/catalog';
import type Stripe from 'stripe';
import { callStripe } from '../payments/stripe';
import { subscriptionMessages } from './messages';

/** The stable name each plan's Stripe Price is found by, whatever its id in this Stripe account. */
export const planLookupKey = (plan: Pick<SubscriptionPlan, 'id'>) => `atelier_${plan.id}_monthly`;

export interface PlanPrices {
  priceOf(plan: PlanId): string;
  /** The plan a Stripe Price sells, or undefined for a price that is not one of ours. */
  planOf(priceId: string): Promise<SubscriptionPlan | undefined>;
}

/**
 * The catalog's plans as Stripe Prices: looked up by lookup key, and created when missing or
 * when the catalog's amount changed (the new Price takes the key over; subscribers stay on theirs
 * until they change plan). Safe to run again and from several instances at once.
 */
export async function ensurePlanPrices(stripe: Stripe): Promise<PlanPrices> {
  const found = await callStripe(
    () =>
      stripe.prices.list({
        lookup_keys: SUBSCRIPTION_PLANS.map(planLookupKey),
        active: true,
        limit: SUBSCRIPTION_PLANS.length,
      }),
    subscriptionMessages.refused,
  );
  const byPlan = new Map<PlanId, string>();
  for (const plan of SUBSCRIPTION_PLANS) {
    const current = found.data.find((price) => price.lookup_key === planLookupKey(plan));
    const upToDate =
      current?.unit_amount === plan.priceCents &&
      current.currency === OFFER_CURRENCY &&
      current.recurring?.interval === 'month';
    byPlan.set(plan.id, upToDate ? current.id : (await createPrice(stripe, plan, current)).id);
  }
  const byPrice = new Map([...byPlan].map(([planId, priceId]) => [priceId, findPlan(planId)]));
  return {
    priceOf: (plan) => byPlan.get(plan)!,
    async planOf(priceId) {
      if (byPrice.has(priceId)) return byPrice.get(priceId);
      // A price the key has moved off still sells its plan to those who subscribed at it: its metadata says which.
      const price = await callStripe(() => stripe.prices.retrieve(priceId), subscriptionMessages.checkFailed);
      const plan = findPlan(price.metadata.plan ?? '');
      byPrice.set(priceId, plan);
      return plan;
    },
  };
}

async function createPrice(stripe: Stripe, plan: SubscriptionPlan, replaced: Stripe.Price | undefined) {
  // Keys derived from what is created and what it replaces: two instances starting together create one of each.
  const product =
    replaced?.product ??
    (await callStripe(
      () =>
        stripe.products.create(
          { name: `Atelier ${plan.name}`, metadata: { plan: plan.id } },
          { idempotencyKey: `atelier-product:${plan.id}` },
        ),
      subscriptionMessages.refused,
    ));
  return callStripe(
    () =>
      stripe.prices.create(
        {
          product: typeof product === 'string' ? product : product.id,
          currency: OFFER_CURRENCY,
          unit_amount: plan.priceCents,
          recurring: { interval: 'month' },
          lookup_key: planLookupKey(plan),
          transfer_lookup_key: true,
          metadata: { plan: plan.id, credits: String(plan.credits) },
        },
        { idempotencyKey: `atelier-price:${plan.id}:${plan.priceCents}:${OFFER_CURRENCY}:${replaced?.id ?? 'first'}` },
      ),
    subscriptionMessages.refused,
  );
}

/** One lookup per Stripe client and process, tried again after a failure. */
const cached = new WeakMap<Stripe, Promise<PlanPrices>>();
export function planPrices(stripe: Stripe): Promise<PlanPrices> {
  let prices = cached.get(stripe);
  if (!prices) {
    prices = ensurePlanPrices(stripe);
    prices.catch(() => cached.delete(stripe));
    cached.set(stripe, prices);
  }
  return prices;
}
