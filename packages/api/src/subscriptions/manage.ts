import { type EntityManager, User } from '@atelier/db';
import type Stripe from 'stripe';
import { callStripe, requireStripe } from '../payments/stripe';
import type { ServiceDeps } from '../deps';
import { AppError } from '../shared/errors';
import { subscriptionMessages } from './messages';
import { currentSubscription, releaseSchedule } from './subscribe';
import { grantInvoice, idOf, invoiceSchema, storeSubscription } from './sync';

async function ownSubscription(em: EntityManager, userId: number) {
  const current = await currentSubscription(em, userId);
  if (!current || current.status === 'incomplete') throw new AppError('NOT_FOUND', subscriptionMessages.noSubscription);
  return current;
}

/** Ends the subscription at the end of the period already paid: premium and credits stay until then. */
export async function cancelSubscription(em: EntityManager, stripeClient: Stripe | null, userId: number) {
  const stripe = requireStripe(stripeClient);
  const current = await ownSubscription(em, userId);
  // A downgrade scheduled for the renewal goes: there will be no renewal (and Stripe refuses to
  // cancel a subscription its schedule manages).
  const live = await callStripe(
    () => stripe.subscriptions.retrieve(current.stripeId),
    subscriptionMessages.changeFailed,
  );
  await releaseSchedule(stripe, live.schedule ? idOf(live.schedule) : null);
  const updated = await callStripe(
    () => stripe.subscriptions.update(current.stripeId, { cancel_at_period_end: true }),
    subscriptionMessages.changeFailed,
  );
  await storeSubscription(em, stripe, updated);
}

/**
 * Before an account is deleted: its live subscription ends at once, so nobody is charged for an
 * account that no longer exists (what is paid stays paid; Stripe keeps the invoices).
 */
export async function endSubscriptionOfDeletedAccount(em: EntityManager, stripeClient: Stripe | null, userId: number) {
  const current = await currentSubscription(em, userId);
  if (!current) return;
  const stripe = requireStripe(stripeClient);
  const ended = await callStripe(
    () => stripe.subscriptions.cancel(current.stripeId),
    subscriptionMessages.changeFailed,
  );
  await storeSubscription(em, stripe, ended);
}

/** Takes back a cancellation before the period ends. */
export async function resumeSubscription(em: EntityManager, stripeClient: Stripe | null, userId: number) {
  const stripe = requireStripe(stripeClient);
  const current = await ownSubscription(em, userId);
  if (!current.cancelAtPeriodEnd) throw new AppError('CONFLICT', subscriptionMessages.notCancelling);
  const updated = await callStripe(
    () => stripe.subscriptions.update(current.stripeId, { cancel_at_period_end: false }),
    subscriptionMessages.changeFailed,
  );
  await storeSubscription(em, stripe, updated);
}

/**
 * The checkout's check once the browser has paid: asks Stripe how the subscription and its
 * latest invoice stand, so the first credits arrive even when the webhook is late (never twice).
 */
export async function confirmSubscription(em: EntityManager, stripeClient: Stripe | null, userId: number) {
  const stripe = requireStripe(stripeClient);
  const current = await currentSubscription(em, userId);
  if (!current) throw new AppError('NOT_FOUND', subscriptionMessages.noSubscription);
  const subscription = await callStripe(
    () => stripe.subscriptions.retrieve(current.stripeId, { expand: ['latest_invoice'] }),
    subscriptionMessages.checkFailed,
  );
  await storeSubscription(em, stripe, subscription);
  const invoice = subscription.latest_invoice;
  const credits =
    invoice && typeof invoice !== 'string' ? await grantInvoice(em, stripe, invoiceSchema.parse(invoice)) : 0;
  return { status: subscription.status, credits };
}

/** Stripe's Customer Portal, where the subscriber updates their card (and sees what Stripe keeps). */
export async function openBillingPortal(
  { em, payments }: Pick<ServiceDeps, 'em' | 'payments'>,
  { userId, returnUrl }: { userId: number; returnUrl: string },
): Promise<{ url: string }> {
  const stripe = requireStripe(payments.stripe);
  const user = await em.findOneOrFail(User, userId, { fields: ['stripeCustomerId'] });
  if (!user.stripeCustomerId) throw new AppError('NOT_FOUND', subscriptionMessages.noSubscription);
  const customer = user.stripeCustomerId;
  const session = await callStripe(
    () => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
    subscriptionMessages.portalFailed,
  );
  return { url: session.url };
}
