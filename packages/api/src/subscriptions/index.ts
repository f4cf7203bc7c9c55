export { subscriptionMessages } from './messages';
export { ensurePlanPrices, planLookupKey } from './prices';
export { subscribe } from './subscribe';
export { cancelSubscription, confirmSubscription, openBillingPortal, resumeSubscription } from './manage';
export { subscriptionStatus } from './status';
