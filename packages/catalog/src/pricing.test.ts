import { describe, expect, it } from 'vitest';
import { IMAGE_COST } from './limits';
import { creditsFor, netCreditCents, PRICING, smallestOfferCredits } from './pricing';

describe('the price of a generation', () => {
  it('reckons the cheapest credit net of VAT and the card fee', () => {
    // Premium: 35 € for 12 000 credits. 3 500 / 1.2 = 2 916.667 c net of VAT; Stripe takes
    // 1.5 % of 3 500 + 25 = 77.5 c; 2 839.167 c / 12 000 = 0.236597 c a credit.
    expect(netCreditCents()).toBeCloseTo(0.236597, 6);
  });

  it('keeps the local engine and a Kontext edit at an image’s price', () => {
    expect(creditsFor(0)).toBe(IMAGE_COST);
    // $0.04 / 1.0411 = 3.842 c; at 70 % of 0.236597 c a credit that is 23.2 credits: below 50.
    expect(creditsFor(0.04)).toBe(50);
  });

  it('prices a hailuo-2.3 video (768p, 6 s, $0.28) at 170 credits', () => {
    // $0.28 / 1.0411 = 26.895 c; 26.895 / (0.7 × 0.236597) = 162.4 credits, rounded up to 170.
    expect(creditsFor(0.28)).toBe(170);
  });

  it('prices a Kontext edit and a Topaz upscale to 24 MP ($0.12) at 70 credits', () => {
    // $0.12 / 1.0411 = 11.526 c; / 0.165618 = 69.6 credits.
    expect(creditsFor(0.12)).toBe(70);
  });

  it('prices a Veo 3.1 video ($1.20) at 700 credits', () => {
    // $1.20 / 1.0411 = 115.263 c; / 0.165618 = 696.0 credits.
    expect(creditsFor(1.2)).toBe(700);
  });

  it('keeps at least the margin at every price, in whole tens', () => {
    for (const usd of [0.001, 0.05, 0.0862, 0.0863, 0.2, 0.5, 1, 3.7]) {
      const credits = creditsFor(usd);
      expect(credits % PRICING.step).toBe(0);
      const revenueCents = credits * netCreditCents();
      const costCents = (usd * 100) / PRICING.usdPerEur;
      expect(1 - costCents / revenueCents, `$${usd}`).toBeGreaterThanOrEqual(PRICING.minMargin);
      // Ten credits fewer would not keep it (unless the price is already an image's).
      if (credits > IMAGE_COST)
        expect(1 - costCents / ((credits - PRICING.step) * netCreditCents())).toBeLessThan(PRICING.minMargin);
    }
  });

  it('knows the fewest credits an offer sells', () => {
    expect(smallestOfferCredits()).toBe(1000);
  });
});
