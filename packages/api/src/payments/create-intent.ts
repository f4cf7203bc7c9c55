import { randomUUID } from 'node:crypto';
import { Payment } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { requireAcceptedTerms } from '../account/terms';
import { AppError } from '../shared/errors';
import { findPack, OFFER_CURRENCY, type CreditPack } from '@atelier/catalog';
import { eurosToCents } from './packs';
import { callStripe, paymentMessages, requireStripe, type PaymentIntent, type StripeClient } from './stripe';

export interface PurchaseRequest {
  credits: number;
  /** Euros, as the checkout page has them (5 or 5.00). */
  amount: number;
}

export interface CreatedIntent {
  clientSecret: string;
  paymentIntentId: string;
}

function openIntent(stripe: StripeClient, userId: number, pack: CreditPack): Promise<PaymentIntent> {
  return callStripe(
    () =>
      stripe.paymentIntents.create(
        {
          amount: pack.priceCents,
          currency: OFFER_CURRENCY,
          metadata: { userId: String(userId), credits: String(pack.credits) },
          automatic_payment_methods: { enabled: true },
          description: `Achat de ${pack.credits} crédits`,
        },
        // Stripe's client resends a failed call with this same key: a lost reply never opens a second intent.
        { idempotencyKey: `credit-purchase:${userId}:${randomUUID()}` },
      ),
    paymentMessages.intentRefused,
  );
}

/**
 * Opens a Stripe PaymentIntent for one of the server's packs and records it. The price charged
 * is the pack's; the client's pair only names the pack.
 */
export async function createPaymentIntent(
  { em, payments }: Pick<ServiceDeps, 'em' | 'payments'>,
  { userId, ...request }: PurchaseRequest & { userId: number },
): Promise<CreatedIntent> {
  const { stripe } = payments;
  const pack = findPack(request.credits, eurosToCents(request.amount));
  if (!pack) {
    throw new AppError('VALIDATION', paymentMessages.unknownPack, {
      fieldErrors: { amount: [paymentMessages.unknownPack] },
    });
  }
  const client = requireStripe(stripe);
  await requireAcceptedTerms(em, userId);
  const intent = await openIntent(client, userId, pack);
  if (!intent.client_secret) throw new AppError('UPSTREAM', paymentMessages.intentRefused);

  await em.insert(Payment, {
    user: userId,
    intentId: intent.id,
    credits: pack.credits,
    amountCents: pack.priceCents,
    currency: OFFER_CURRENCY,
    status: intent.status,
    createdAt: new Date(),
  });
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}
