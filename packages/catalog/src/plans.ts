import { IMAGE_COST } from './limits';

/**
 * The monthly subscriptions on sale, the only ones: the server prices Stripe from this table and
 * every page (landing, account, checkout) shows it. Prices are in euro cents, like the packs.
 */
export const SUBSCRIPTION_PLANS = [
  { id: 'essentiel', name: 'Essentiel', credits: 2000, priceCents: 1000, popular: false },
  { id: 'avance', name: 'Avancé', credits: 5000, priceCents: 2000, popular: true },
  { id: 'premium', name: 'Premium', credits: 10000, priceCents: 3500, popular: false },
] as const;

export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type PlanId = SubscriptionPlan['id'];

/** Plans are billed in euros, like the packs. */
export const PLAN_CURRENCY = 'eur';

export const PLAN_IDS = SUBSCRIPTION_PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];

export function findPlan(id: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.id === id);
}

/** How many images a plan's monthly credits pay for. */
export function planImages(plan: Pick<SubscriptionPlan, 'credits'>): number {
  return Math.floor(plan.credits / IMAGE_COST);
}
