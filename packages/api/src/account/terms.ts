import { TERMS_VERSION } from '@atelier/catalog';
import { User, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';

export const termsMessages = {
  required: 'Acceptez les CGU / CGV avant votre premier achat : cochez la case de la page de paiement.',
} as const;

/** The fields that record an acceptance of the terms in force, now. */
export function termsAcceptance() {
  return { termsAcceptedAt: new Date(), termsVersion: TERMS_VERSION };
}

/** Whether the member has accepted the terms in force. */
export function acceptedTerms(user: Pick<User, 'termsVersion'>): boolean {
  return user.termsVersion === TERMS_VERSION;
}

/** Records the member's acceptance of the terms in force (again, if they accepted an older version). */
export async function acceptTerms(em: EntityManager, userId: number) {
  const acceptance = termsAcceptance();
  await em.nativeUpdate(User, { id: userId }, acceptance);
  return { version: acceptance.termsVersion, acceptedAt: acceptance.termsAcceptedAt };
}

/**
 * French law asks a seller to have its terms accepted before the order: a purchase without the
 * terms in force is refused (409), before anything is asked of Stripe.
 */
export async function requireAcceptedTerms(em: EntityManager, userId: number): Promise<void> {
  const user = await em.findOneOrFail(User, userId, { fields: ['termsVersion'] });
  if (!acceptedTerms(user))
    throw new AppError('CONFLICT', termsMessages.required, { clientCode: 'terms_not_accepted' });
}
