import type { EntityManager } from '@atelier/db';
import Stripe from 'stripe';
import { AppError } from '../shared/errors';
import { fulfilPayment, markPaymentFailed } from './fulfil';
import { paymentMessages } from './stripe';

function verifiedEvent(payload: Uint8Array, signature: string, webhookSecret: string): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(payload, signature, webhookSecret);
  } catch (error) {
    // Unsigned, tampered, stale or unreadable: nothing in it can be trusted.
    throw new AppError('VALIDATION', paymentMessages.invalidSignature, { cause: error });
  }
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
  if (event.type === 'payment_intent.succeeded') await fulfilPayment(em, event.data.object);
  else if (event.type === 'payment_intent.payment_failed') await markPaymentFailed(em, event.data.object.id);
}
