import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS, cheapestCreditCents, packCreditsFor, planExtraPercent, SUBSCRIPTION_PLANS } from './offers';

describe('the offer', () => {
  it('gives more credits per euro on every plan than any pack the same money buys', () => {
    for (const plan of SUBSCRIPTION_PLANS) {
      for (const pack of CREDIT_PACKS.filter(({ priceCents }) => priceCents <= plan.priceCents)) {
        expect(plan.credits / plan.priceCents, `${plan.name} against ${pack.credits}`).toBeGreaterThan(
          pack.credits / pack.priceCents,
        );
      }
      expect(planExtraPercent(plan)).toBeGreaterThanOrEqual(5);
    }
  });

  it('reckons a plan’s extra credits against the best pack rate its price reaches', () => {
    // 35 € buys at most the 6 000-for-20 € rate: 10 500 credits; 12 000 is 14 % more.
    expect(packCreditsFor(3500)).toBe(10_500);
    expect(planExtraPercent({ credits: 12_000, priceCents: 3500 })).toBe(14);
    // 10 € reaches the 2 500 pack, not the 6 000 one.
    expect(packCreditsFor(1000)).toBe(2500);
  });

  it('sells its cheapest credit on the best plan', () => {
    const premium = SUBSCRIPTION_PLANS.find(({ id }) => id === 'premium')!;
    expect(cheapestCreditCents()).toBe(premium.priceCents / premium.credits);
  });

  it('prices every offer in whole images', () => {
    for (const offer of [...CREDIT_PACKS, ...SUBSCRIPTION_PLANS]) expect(offer.credits % 50).toBe(0);
  });
});
