import { IMAGE_COST } from './limits';
import { CREDIT_PACKS, SUBSCRIPTION_PLANS } from './offers';

/**
 * What a generation costs in credits, from what its cloud models list at: enough that the credits
 * sold at the lowest net price still leave the margin once VAT, the card fee and the models are
 * paid. The figures are data; `creditsFor` is the one rule.
 */
export const PRICING = {
  /** French VAT, included in every offer's price. */
  vatRate: 0.2,
  /**
   * Stripe's fee on a standard EEA card, charged on the whole amount paid: 1.5 % + 0.25 €
   * (https://support.stripe.com/questions/pricing-updates-for-businesses-based-in-the-european-economic-area-(eea)).
   */
  cardFee: { rate: 0.015, fixedCents: 25 },
  /**
   * US dollars per euro, the ECB's reference rate of 28 February 2025 (1 EUR = 1.0411 USD). A
   * weaker euro than since: the dollar's cost in euros is overstated, never understated.
   */
  usdPerEur: 1.0411,
  /** The share of the net revenue a generation keeps after its models are paid. */
  minMargin: 0.3,
  /** Prices are whole tens of credits. */
  step: 10,
} as const;

interface Offer {
  credits: number;
  priceCents: number;
}

/** What one credit of an offer brings in, in euro cents, once VAT and the card fee are taken off. */
const netCentsPerCredit = ({ credits, priceCents }: Offer): number =>
  (priceCents / (1 + PRICING.vatRate) - (priceCents * PRICING.cardFee.rate + PRICING.cardFee.fixedCents)) / credits;

/** The least a credit brings in, in euro cents: the cheapest credit sold (Premium's), net of VAT and Stripe's fee. */
export function netCreditCents(): number {
  return Math.min(...[...CREDIT_PACKS, ...SUBSCRIPTION_PLANS].map(netCentsPerCredit));
}

/**
 * The price in credits of a generation whose models list at `listPriceUsd`: the smallest multiple
 * of ten, and at least an image's price, whose net revenue at the cheapest credit keeps the margin.
 * A generation that costs nothing per run (the local engine) costs an image's price.
 */
export function creditsFor(listPriceUsd: number): number {
  const costCents = (listPriceUsd * 100) / PRICING.usdPerEur;
  const needed = costCents / ((1 - PRICING.minMargin) * netCreditCents());
  return Math.max(IMAGE_COST, Math.ceil(needed / PRICING.step) * PRICING.step);
}

/** The fewest credits any pack or plan sells: a generation dearer than this no member could buy in one go. */
export function smallestOfferCredits(): number {
  return Math.min(...[...CREDIT_PACKS, ...SUBSCRIPTION_PLANS].map(({ credits }) => credits));
}
