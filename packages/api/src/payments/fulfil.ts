import { Payment, type EntityManager } from '@atelier/db';
import { balanceOf, ledger } from '../credits/ledger';
import type { PaymentIntent } from './stripe';

export const PURCHASE_REASON = 'purchase';

export interface FulfilResult {
  /** The intent's status as Stripe gave it. */
  status: PaymentIntent['status'];
  /** The credits the payment buys. */
  credits: number;
  /** The buyer's balance afterwards. */
  balance: number;
}

/**
 * Adds the credits of a payment once Stripe says its intent succeeded, exactly once however
 * often and however concurrently it is called: the ledger entry is keyed by the intent id.
 * The intent comes from Stripe (a signed event or a retrieve), never from a client; the credits
 * come from our own record of it. Returns null for an intent we did not open (or whose account is gone).
 */
export async function fulfilPayment(
  em: EntityManager,
  intent: Pick<PaymentIntent, 'id' | 'amount' | 'currency' | 'status'>,
): Promise<FulfilResult | null> {
  const payment = await em.findOne(Payment, { intentId: intent.id });
  // A price other than the one recorded means the intent is not the purchase we opened.
  // A payment whose account was deleted is kept for the accounts only: there is no balance to credit.
  if (!payment?.user || payment.amountCents !== intent.amount || payment.currency !== intent.currency) return null;
  const userId = payment.user.id;

  if (intent.status !== 'succeeded') {
    await em.nativeUpdate(Payment, { id: payment.id, creditedAt: null }, { status: intent.status });
    return { status: intent.status, credits: payment.credits, balance: await balanceOf(em, userId) };
  }
  const { balance } = await ledger.grant(em, {
    userId,
    amount: payment.credits,
    description: `Achat de crédits : pack de ${payment.credits.toLocaleString('fr-FR')}`,
    reason: PURCHASE_REASON,
    externalRef: intent.id,
  });
  await em.nativeUpdate(
    Payment,
    { id: payment.id, creditedAt: null },
    { status: intent.status, creditedAt: new Date() },
  );
  return { status: intent.status, credits: payment.credits, balance };
}

/** A failed attempt: the buyer may still retry on the same intent, so a later success still counts. */
export async function markPaymentFailed(em: EntityManager, intentId: string): Promise<void> {
  await em.nativeUpdate(Payment, { intentId, creditedAt: null }, { status: 'failed' });
}
