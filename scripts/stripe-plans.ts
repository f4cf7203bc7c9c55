/**
 * Creates, or finds, the Stripe Products and Prices of the catalog's monthly plans in the Stripe
 * account of STRIPE_SECRET_KEY (STRIPE_API_URL for another server), and prints them:
 *   STRIPE_SECRET_KEY=sk_live_… npm run stripe:plans
 * Safe to run again: Prices are found by lookup key (atelier_<plan>_monthly), and a new one is made
 * only when the catalog's amount changed. The server does the same at its first subscription.
 */
import { createStripeClient, ensurePlanPrices } from '@atelier/api';
import { SUBSCRIPTION_PLANS } from '@atelier/catalog';

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) {
  console.error('STRIPE_SECRET_KEY is not set: nothing to do.');
  process.exit(1);
}
const prices = await ensurePlanPrices(createStripeClient(secretKey, process.env.STRIPE_API_URL));
for (const plan of SUBSCRIPTION_PLANS) {
  console.log(`${plan.id}: ${prices.priceOf(plan.id)} (${plan.priceCents / 100} EUR a month, ${plan.credits} credits)`);
}
