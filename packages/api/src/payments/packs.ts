import { SUBSCRIPTION_PLANS } from '@atelier/catalog';
import { IMAGE_COST } from '../credits/ledger';

/** The credit packs the server sells: the only prices a purchase can be made at. */
export const CREDIT_PACKS = [
  { credits: 1000, priceCents: 500, bonus: 0, popular: false },
  { credits: 2500, priceCents: 1000, bonus: 0, popular: true },
  { credits: 6000, priceCents: 2000, bonus: 0, popular: false },
] as const;

export type CreditPack = (typeof CREDIT_PACKS)[number];

export const PACK_CURRENCY = 'eur';

/** How many images a number of credits pays for. */
export function transformationsFor(credits: number): number {
  return Math.floor(credits / IMAGE_COST);
}

/** Euros as the client writes them (5, 5.00) to whole cents, so no float is ever compared. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

export function findPack(credits: number, amountCents: number): CreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.credits === credits && pack.priceCents === amountCents);
}

/** The packs and the monthly plans as the account page shows them. */
export function paymentCatalog() {
  return {
    packs: CREDIT_PACKS.map((pack) => ({
      credits: pack.credits,
      price: pack.priceCents / 100,
      currency: 'EUR' as const,
      bonus: pack.bonus,
      popular: pack.popular,
      transformations: transformationsFor(pack.credits),
      pricePer1000Credits: Math.round((pack.priceCents * 1000) / pack.credits) / 100,
    })),
    plans: SUBSCRIPTION_PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      credits: plan.credits,
      price: plan.priceCents / 100,
      currency: 'EUR' as const,
      popular: plan.popular,
      transformations: transformationsFor(plan.credits),
    })),
  };
}
