import { Payment } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { AppError, commonMessages } from '../shared/errors';
import { fulfilPayment, type FulfilResult } from './fulfil';
import { callStripe, paymentMessages, requireStripe, type PaymentIntent, type StripeClient } from './stripe';

function retrieveIntent(stripe: StripeClient, intentId: string): Promise<PaymentIntent> {
  return callStripe(() => stripe.paymentIntents.retrieve(intentId), paymentMessages.verificationFailed);
}

/**
 * The success screen's check: asks Stripe how the buyer's intent stands and fulfils it, so the
 * credits arrive even when the webhook is late.
 */
export async function confirmPayment(
  { em, payments }: Pick<ServiceDeps, 'em' | 'payments'>,
  { userId, intentId }: { userId: number; intentId: string },
): Promise<FulfilResult> {
  const client = requireStripe(payments.stripe);
  // Our record first: nobody makes us ask Stripe about intents we never opened.
  const payment = await em.findOne(Payment, { intentId });
  if (!payment) throw new AppError('NOT_FOUND', paymentMessages.paymentNotFound);
  if (payment.user?.id !== userId) throw new AppError('FORBIDDEN', commonMessages.forbidden);

  const result = await fulfilPayment(em, await retrieveIntent(client, intentId));
  if (!result) throw new AppError('UPSTREAM', paymentMessages.verificationFailed);
  return result;
}
