// Stripe's API for the end-to-end suite, on 127.0.0.1: the app's server talks to it through
// STRIPE_API_URL, and the browser's (fake) Stripe.js reaches it through a Playwright route.
import { FakeStripe } from '../../server/test/support/fake-stripe';
import { stripeSettings } from './stripe-settings';

const stripe = new FakeStripe(stripeSettings.secretKey, {
  url: stripeSettings.webhookUrl,
  secret: stripeSettings.webhookSecret,
  publishableKey: stripeSettings.publishableKey,
});
await stripe.start(stripeSettings.port);
console.log(`fake Stripe on ${stripeSettings.apiUrl}`);
