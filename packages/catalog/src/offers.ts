import { IMAGE_COST } from './limits';

/**
 * What Atelier sells, the only prices there are: the server prices Stripe from these tables and
 * every page (landing, account, checkout) shows them. Prices are in euro cents.
 */

/** The credit packs, bought once. */
export const CREDIT_PACKS = [
  { credits: 1000, priceCents: 500, bonus: 0, popular: false },
  { credits: 2500, priceCents: 1000, bonus: 0, popular: true },
  { credits: 6000, priceCents: 2000, bonus: 0, popular: false },
] as const;

/**
 * The monthly subscriptions. Each gives more credits per euro than any pack the same money buys
 * (offers.test.ts holds the rule), or nobody would subscribe.
 */
export const SUBSCRIPTION_PLANS = [
  { id: 'essentiel', name: 'Essentiel', credits: 2750, priceCents: 1000, popular: false },
  { id: 'avance', name: 'Avancé', credits: 6600, priceCents: 2000, popular: true },
  { id: 'premium', name: 'Premium', credits: 12000, priceCents: 3500, popular: false },
] as const;

export type CreditPack = (typeof CREDIT_PACKS)[number];
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type PlanId = SubscriptionPlan['id'];

/** Packs and plans are billed in euros. */
export const OFFER_CURRENCY = 'eur';

export const PLAN_IDS = SUBSCRIPTION_PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];

export function findPlan(id: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.id === id);
}

export function findPack(credits: number, priceCents: number): CreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.credits === credits && pack.priceCents === priceCents);
}

/** How many images a number of credits pays for. */
export function imagesFor(credits: number): number {
  return Math.floor(credits / IMAGE_COST);
}

interface Offer {
  credits: number;
  priceCents: number;
}

const creditsPerCent = (offer: Offer) => offer.credits / offer.priceCents;

/** The most credits packs give for a price: at the best rate of any pack that price can buy. */
export function packCreditsFor(priceCents: number): number {
  const rates = CREDIT_PACKS.filter((pack) => pack.priceCents <= priceCents).map(creditsPerCent);
  return Math.floor(Math.max(0, ...rates) * priceCents);
}

/** How many more credits, in percent, a plan gives than packs for the same money (the landing's saving). */
export function planExtraPercent(plan: Offer): number {
  return Math.round((plan.credits / packCreditsFor(plan.priceCents) - 1) * 100);
}

/** The lowest price a credit is sold at, in euro cents: what a generation's price must cover. */
export function cheapestCreditCents(): number {
  return Math.min(...[...CREDIT_PACKS, ...SUBSCRIPTION_PLANS].map((offer) => offer.priceCents / offer.credits));
}

/** The saving a plan's card and checkout state, in the same words everywhere. */
export function planExtraWords(plan: Offer): string {
  return `${planExtraPercent(plan)} % de crédits en plus qu'avec les packs`;
}

/** What a buyer is told, before any click, on a server that takes no payment (no Stripe keys). */
export const PAYMENTS_CLOSED_MESSAGE = "Le paiement n'est pas encore ouvert sur ce service.";
