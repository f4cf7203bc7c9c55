import type { EntityManager } from '@atelier/db';
import Stripe from 'stripe';
import { z } from 'zod';
import type { ServiceDeps } from '../deps';
import { AppError } from '../shared/errors';
import { fulfilPayment, markPaymentFailed } from './fulfil';
import {
  grantInvoice,
  invoiceSchema,
  subscriptionOfInvoice,
  syncSubscription,
  type InvoiceFacts,
} from '../subscriptions/sync';
import { paymentMessages, requireStripe, type PaymentIntent, type StripeClient } from './stripe';

function verifiedEvent(payload: Uint8Array, signature: string, webhookSecret: string): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(payload, signature, webhookSecret);
  } catch (error) {
    // Unsigned, tampered, stale or unreadable: nothing in it can be trusted.
    throw new AppError('VALIDATION', paymentMessages.invalidSignature, { cause: error });
  }
}

/**
 * What the webhook reads of an event. Stripe's events are always whole; a signed body without
 * these parts (a bare `null`, an intent event without its intent) is refused, not followed into a crash.
 */
const eventSchema = z.looseObject({ type: z.string() });
const intentEventSchema = z.looseObject({
  data: z.looseObject({
    object: z.object({
      id: z.string().min(1),
      amount: z.number(),
      currency: z.string(),
      status: z.custom<PaymentIntent['status']>((status) => typeof status === 'string'),
    }),
  }),
});

function readEvent<T>(schema: z.ZodType<T>, event: unknown): T {
  const parsed = schema.safeParse(event);
  if (!parsed.success) throw new AppError('VALIDATION', paymentMessages.invalidEvent, { cause: parsed.error });
  return parsed.data;
}

const objectIdSchema = z.looseObject({ data: z.looseObject({ object: z.looseObject({ id: z.string().min(1) }) }) });

type EventHandler = (em: EntityManager, stripe: StripeClient | null, event: unknown) => Promise<unknown>;

const paymentIntent = (event: unknown) => readEvent(intentEventSchema, event).data.object;
/** Subscription events are re-read from Stripe: whatever order they come in, the state stored is Stripe's latest. */
const syncFromEvent: EventHandler = (em, stripe, event) =>
  syncSubscription(em, requireStripe(stripe), readEvent(objectIdSchema, event).data.object.id);

const invoiceEventSchema = z.looseObject({ data: z.looseObject({ object: invoiceSchema }) });
async function syncInvoiceSubscription(em: EntityManager, stripe: StripeClient | null, invoice: InvoiceFacts) {
  const subscription = subscriptionOfInvoice(invoice);
  if (subscription) await syncSubscription(em, requireStripe(stripe), subscription);
}

/** What each event Stripe posts does; other types are acknowledged and ignored. */
const handlers: Record<string, EventHandler> = {
  'payment_intent.succeeded': (em, _stripe, event) => fulfilPayment(em, paymentIntent(event)),
  'payment_intent.payment_failed': (em, _stripe, event) => markPaymentFailed(em, paymentIntent(event).id),
  'customer.subscription.created': syncFromEvent,
  'customer.subscription.updated': syncFromEvent,
  'customer.subscription.deleted': syncFromEvent,
  'invoice.paid': async (em, stripe, event) => {
    // Signed by Stripe, so its lines and amounts can be trusted; the grant is keyed by the invoice id.
    const invoice = readEvent(invoiceEventSchema, event).data.object;
    await grantInvoice(em, requireStripe(stripe), invoice);
    await syncInvoiceSubscription(em, stripe, invoice);
  },
  'invoice.payment_failed': (em, stripe, event) =>
    syncInvoiceSubscription(em, stripe, readEvent(invoiceEventSchema, event).data.object),
};

/**
 * An event Stripe posted: acted on only once its signature and age are checked against the
 * raw body.
 */
export async function receiveStripeEvent(
  { em, payments: { stripe, webhookSecret } }: Pick<ServiceDeps, 'em' | 'payments'>,
  { payload, signature }: { payload: Uint8Array; signature: string },
): Promise<void> {
  if (!webhookSecret) throw new AppError('UNAVAILABLE', paymentMessages.notConfigured);
  const event = verifiedEvent(payload, signature, webhookSecret);
  const handler = handlers[readEvent(eventSchema, event).type];
  if (handler) await handler(em, stripe, event);
}
