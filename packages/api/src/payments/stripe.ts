import { PAYMENTS_CLOSED_MESSAGE } from '@atelier/catalog';
import Stripe from 'stripe';
import { AppError, commonMessages } from '../shared/errors';

export type StripeClient = Stripe;
export type PaymentIntent = Stripe.PaymentIntent;

/** Card payments as configured; each part is null when its setting is absent. */
export interface PaymentSettings {
  /** Built from STRIPE_SECRET_KEY. */
  stripe: Stripe | null;
  /** STRIPE_PUBLISHABLE_KEY, handed to the browser for Stripe Elements. */
  publishableKey: string | null;
  /** STRIPE_WEBHOOK_SECRET, which signs the events Stripe posts to the webhook. */
  webhookSecret: string | null;
}

export const paymentMessages = {
  notConfigured: PAYMENTS_CLOSED_MESSAGE,
  intentRefused: 'Impossible de créer la session de paiement.',
  verificationFailed: 'Impossible de vérifier le paiement.',
  unknownPack: 'Les crédits et le montant ne correspondent à aucun pack proposé.',
  invalidCredits: 'Le nombre de crédits doit être un entier positif.',
  invalidAmount: 'Le montant doit être un nombre positif.',
  invalidIntentId: 'Identifiant de paiement invalide.',
  paymentNotFound: 'Paiement introuvable.',
  invalidSignature: commonMessages.invalidWebhookSignature,
  invalidEvent: 'Événement Stripe invalide.',
} as const;

/** `apiUrl` points the client at another API server than Stripe's, such as a test double. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey);
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
}

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError('UNAVAILABLE', paymentMessages.notConfigured);
  return stripe;
}

export function isStripeError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError;
}

/** A call to Stripe whose refusal or silence reaches the client as a French 502, cause kept for the log. */
export async function callStripe<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeError(error)) throw new AppError('UPSTREAM', message, { cause: error });
    throw error;
  }
}
