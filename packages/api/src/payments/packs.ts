import { CREDIT_PACKS, imagesFor, planExtraPercent, SUBSCRIPTION_PLANS } from '@atelier/catalog';

/** Euros as the client writes them (5, 5.00) to whole cents, so no float is ever compared. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
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
      transformations: imagesFor(pack.credits),
      pricePer1000Credits: Math.round((pack.priceCents * 1000) / pack.credits) / 100,
    })),
    plans: SUBSCRIPTION_PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      credits: plan.credits,
      price: plan.priceCents / 100,
      currency: 'EUR' as const,
      popular: plan.popular,
      transformations: imagesFor(plan.credits),
      /** How many more credits than packs for the same money, in percent. */
      extraPercent: planExtraPercent(plan),
    })),
  };
}
