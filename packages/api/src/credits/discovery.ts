import { createHash } from 'node:crypto';
import { CreditEntry, User } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import type { ApiConfig } from '../settings';
import { PURCHASE_REASON } from '../payments/fulfil';
import { ledger } from './ledger';

export const DISCOVERY_OFFER_REASON = 'discovery_offer';

/** The offer's month, as people in France count them. */
const monthOf = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

export const discoveryRef = (userId: number, now: Date) => `discovery:${userId}:${monthOf.format(now)}`;

/**
 * The month's grant of a deleted account, by a hash of its e-mail address: the address signing up
 * again that month gets no second grant. Only the hash stays, and only on that month's entry.
 */
export const deletedAccountDiscoveryRef = (email: string, now: Date) =>
  `discovery:deleted:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}:${monthOf.format(now)}`;

/**
 * The Découverte offer: `discoveryOfferCredits` (100 by default) each calendar month to every free account — one on the free
 * plan that never bought credits — and once a month per address, even through a deleted account. Granted lazily when the user signs up, signs in or reads the
 * account, so no scheduled job is needed; the ledger's unique reference per user and month makes
 * simultaneous calls grant it once. 0 credits turns the offer off. Says whether this call granted it.
 */
export async function grantDiscoveryOffer(
  { em, config }: Pick<ServiceDeps, 'em'> & { config: Pick<ApiConfig, 'discoveryOfferCredits'> },
  { userId, now = new Date() }: { userId: number; now?: Date },
): Promise<boolean> {
  const credits = config.discoveryOfferCredits;
  if (credits <= 0) return false;
  const externalRef = discoveryRef(userId, now);
  if ((await em.count(CreditEntry, { externalRef })) > 0) return false;
  const user = await em.findOne(User, userId, { fields: ['subscriptionType', 'email'] });
  if (user?.subscriptionType !== 'free') return false;
  if ((await em.count(CreditEntry, { externalRef: deletedAccountDiscoveryRef(user.email, now) })) > 0) return false;
  if ((await em.count(CreditEntry, { user: userId, type: 'credit', reason: PURCHASE_REASON })) > 0) return false;
  const { applied } = await ledger.grant(em, {
    userId,
    amount: credits,
    description: `Offre Découverte : ${credits} crédits du mois`,
    reason: DISCOVERY_OFFER_REASON,
    externalRef,
  });
  return applied;
}
