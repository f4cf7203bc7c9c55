import type { EntityManager } from '@atelier/db';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../shared/errors';
import { fulfilPayment, markPaymentFailed } from './fulfil';
import { paymentMessages, type PaymentIntent } from './stripe';

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

/**
 * An event Stripe posted: acted on only once its signature and age are checked against the
 * raw body. Events of other types are acknowledged and ignored.
 */
export async function receiveStripeEvent(
  em: EntityManager,
  webhookSecret: string | null,
  payload: Uint8Array,
  signature: string,
): Promise<void> {
  if (!webhookSecret) throw new AppError('UNAVAILABLE', paymentMessages.notConfigured);
  const event = verifiedEvent(payload, signature, webhookSecret);
  const { type } = readEvent(eventSchema, event);
  if (type !== 'payment_intent.succeeded' && type !== 'payment_intent.payment_failed') return;
  const intent = readEvent(intentEventSchema, event).data.object;
  if (type === 'payment_intent.succeeded') await fulfilPayment(em, intent);
  else await markPaymentFailed(em, intent.id);
}
