import { findPlan, type SubscriptionPlan } from '@atelier/catalog';
import { Subscription, User, type EntityManager } from '@atelier/db';
import type Stripe from 'stripe';
import { requireAcceptedTerms } from '../account/terms';
import { callStripe, requireStripe } from '../payments/stripe';
import type { ServiceDeps } from '../deps';
import { AppError } from '../shared/errors';
import { subscriptionMessages } from './messages';
import { planPrices } from './prices';
import { grantInvoice, idOf, invoiceSchema, storeSubscription } from './sync';

/** Statuses of a subscription that is still the user's own: a new plan changes it rather than adding one. */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'] as const;

export interface SubscribeResult {
  /** What the browser confirms with Stripe.js (the first payment, or an upgrade's that needs 3-D Secure); null when nothing is to pay now. */
  clientSecret: string | null;
  /** What that confirmation pays, in euro cents (an upgrade's prorated difference); null with no secret. */
  amountDueCents: number | null;
  plan: SubscriptionPlan['id'];
  status: string;
}

const EXPAND_INVOICE = ['latest_invoice.confirmation_secret'];

/** The user's Stripe Customer, made once: the key is the user's, so a retried call makes no second one. */
async function customerOf(em: EntityManager, stripe: Stripe, userId: number): Promise<string> {
  const user = await em.findOneOrFail(User, userId, {
    fields: ['email', 'firstName', 'lastName', 'stripeCustomerId'],
  });
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await callStripe(
    () =>
      stripe.customers.create(
        {
          email: user.email,
          name: `${user.firstName} ${user.lastName}`.trim(),
          metadata: { userId: String(userId) },
        },
        { idempotencyKey: `atelier-customer:${userId}` },
      ),
    subscriptionMessages.refused,
  );
  await em.nativeUpdate(User, { id: userId, stripeCustomerId: null }, { stripeCustomerId: customer.id });
  return customer.id;
}

/** The user's current subscription as last stored, the newest first. */
export async function currentSubscription(em: EntityManager, userId: number): Promise<Subscription | null> {
  return em.findOne(
    Subscription,
    { user: userId, status: { $in: [...LIVE_STATUSES] } },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

/** The open invoice the browser is to pay, its secret and its amount. */
function paymentOf(subscription: Stripe.Subscription): Pick<SubscribeResult, 'clientSecret' | 'amountDueCents'> {
  const invoice = subscription.latest_invoice;
  const open = invoice && typeof invoice !== 'string' && invoice.status === 'open' ? invoice : null;
  const clientSecret = open?.confirmation_secret?.client_secret ?? null;
  return clientSecret
    ? { clientSecret, amountDueCents: open!.amount_due }
    : { clientSecret: null, amountDueCents: null };
}

async function answer(em: EntityManager, stripe: Stripe, subscription: Stripe.Subscription, plan: SubscriptionPlan) {
  await storeSubscription(em, stripe, subscription);
  const invoice = subscription.latest_invoice;
  // Paid on the spot (an upgrade on the saved card): its credits now, whatever the webhook does.
  if (invoice && typeof invoice !== 'string') await grantInvoice(em, stripe, invoiceSchema.parse(invoice));
  return { ...paymentOf(subscription), plan: plan.id, status: subscription.status };
}

/**
 * Subscribes the user to a plan, or moves their subscription to it. A first subscription starts
 * incomplete and its first invoice is paid in the browser (Stripe Elements, 3-D Secure included);
 * an upgrade is invoiced at once, prorated, and only applies once paid; a downgrade applies at
 * renewal. The plan's price is the server's; the client only names the plan.
 */
export async function subscribe(
  { em, payments }: Pick<ServiceDeps, 'em' | 'payments'>,
  { userId, planId }: { userId: number; planId: string },
): Promise<SubscribeResult> {
  const plan = findPlan(planId);
  if (!plan)
    throw new AppError('VALIDATION', subscriptionMessages.unknownPlan, {
      fieldErrors: { plan: [subscriptionMessages.unknownPlan] },
    });
  const stripe = requireStripe(payments.stripe);
  await requireAcceptedTerms(em, userId);
  const prices = await planPrices(stripe);
  // One key per plan and per subscription before it, read before anything changes: a double click
  // or a retried call gets the same subscription back.
  const previous = await em.findOne(Subscription, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  let current = await currentSubscription(em, userId);
  if (current?.status === 'incomplete') {
    // A checkout left unpaid: the same plan takes it up again, another abandons it.
    const pending = await callStripe(
      () => stripe.subscriptions.retrieve(current!.stripeId, { expand: EXPAND_INVOICE }),
      subscriptionMessages.refused,
    );
    if (pending.status === 'incomplete' && current.plan === plan.id) return answer(em, stripe, pending, plan);
    const stripeId = current.stripeId;
    const settled =
      pending.status === 'incomplete'
        ? await callStripe(() => stripe.subscriptions.cancel(stripeId), subscriptionMessages.refused)
        : pending;
    await storeSubscription(em, stripe, settled);
    current = await currentSubscription(em, userId);
  }
  if (current) return changePlan(em, stripe, current, plan);

  const customer = await customerOf(em, stripe, userId);
  const subscription = await callStripe(
    () =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price: prices.priceOf(plan.id) }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: EXPAND_INVOICE,
          metadata: { userId: String(userId) },
        },
        { idempotencyKey: `atelier-subscribe:${userId}:${plan.id}:${previous?.stripeId ?? 'first'}` },
      ),
    subscriptionMessages.refused,
  );
  return answer(em, stripe, subscription, plan);
}

/** Drops what the schedule was to change at renewal: the subscription goes on as it is. */
export async function releaseSchedule(stripe: Stripe, schedule: string | null) {
  if (schedule)
    await callStripe(() => stripe.subscriptionSchedules.release(schedule), subscriptionMessages.changeFailed);
}

/**
 * Puts the subscription on a cheaper price from its renewal on, through a Subscription Schedule:
 * the current phase keeps the price paid for until the period ends, the next one bills the new price.
 */
async function scheduleRenewal(stripe: Stripe, live: Stripe.Subscription, scheduleId: string | null, price: string) {
  const schedule = scheduleId
    ? await callStripe(() => stripe.subscriptionSchedules.retrieve(scheduleId), subscriptionMessages.changeFailed)
    : await callStripe(
        () => stripe.subscriptionSchedules.create({ from_subscription: live.id }),
        subscriptionMessages.changeFailed,
      );
  const current = schedule.current_phase!;
  await callStripe(
    () =>
      stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: [{ price: live.items.data[0]!.price.id, quantity: 1 }],
            start_date: current.start_date,
            end_date: current.end_date,
          },
          { items: [{ price, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
        ],
      }),
    subscriptionMessages.changeFailed,
  );
}

/**
 * Moves a subscription to another plan. The plan paid for this period stays until it ends: a
 * cheaper plan is scheduled for the renewal, and going back to a plan at or below the one paid for
 * costs nothing. Only a plan above it is invoiced at once, prorated by Stripe from the price paid.
 */
async function changePlan(
  em: EntityManager,
  stripe: Stripe,
  current: Subscription,
  plan: SubscriptionPlan,
): Promise<SubscribeResult> {
  if ((current.renewalPlan ?? current.plan) === plan.id) throw new AppError('CONFLICT', subscriptionMessages.samePlan);
  const paid = findPlan(current.plan);
  const live = await callStripe(
    () => stripe.subscriptions.retrieve(current.stripeId),
    subscriptionMessages.changeFailed,
  );
  const price = (await planPrices(stripe)).priceOf(plan.id);
  const schedule = live.schedule ? idOf(live.schedule) : null;
  if (paid && plan.priceCents <= paid.priceCents) {
    if (plan.id === paid.id) await releaseSchedule(stripe, schedule);
    else await scheduleRenewal(stripe, live, schedule, price);
    const scheduled = await callStripe(
      () => stripe.subscriptions.retrieve(current.stripeId, { expand: EXPAND_INVOICE }),
      subscriptionMessages.changeFailed,
    );
    return answer(em, stripe, scheduled, plan);
  }
  await releaseSchedule(stripe, schedule);
  const updated = await callStripe(
    () =>
      stripe.subscriptions.update(current.stripeId, {
        items: [{ id: live.items.data[0]!.id, price }],
        proration_behavior: 'always_invoice',
        // The new plan only once its prorated invoice is paid.
        payment_behavior: 'pending_if_incomplete',
        expand: EXPAND_INVOICE,
      }),
    subscriptionMessages.changeFailed,
  );
  return answer(em, stripe, updated, plan);
}
