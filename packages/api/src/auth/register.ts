import type { RegisterInput } from '@atelier/catalog';
import { CreditEntry, UniqueConstraintViolationException, User, type EntityManager } from '@atelier/db';
import type { ApiConfig } from '../settings';
import { grantDiscoveryOffer } from '../credits/discovery';
import { ledger } from '../credits/ledger';
import { termsAcceptance } from '../account/terms';
import { AppError } from '../shared/errors';
import { hashPassword } from './password';
import { usernameFromEmail, withRandomSuffix } from './username';

export const registerMessages = {
  emailTaken: 'Un compte existe déjà avec cette adresse email.',
} as const;

export const LAUNCH_OFFER_REASON = 'launch_offer';

async function emailTaken(em: EntityManager, email: string): Promise<boolean> {
  return (await em.count(User, { email })) > 0;
}

async function insertUser(em: EntityManager, input: RegisterInput, passwordHash: string): Promise<number> {
  let username = usernameFromEmail(input.email);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await em.insert(User, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        username,
        credits: 0,
        subscriptionType: 'free',
        ...(input.acceptTerms ? termsAcceptance() : {}),
        createdAt: new Date(),
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // Two sign-ups with one e-mail at once: the database decides, the loser is told plainly.
      if (await emailTaken(em, input.email)) throw new AppError('CONFLICT', registerMessages.emailTaken);
      if (attempt >= 5) throw error;
      username = withRandomSuffix(usernameFromEmail(input.email));
    }
  }
}

/**
 * The launch offer goes to the first `accounts` accounts. Each grant claims a numbered slot whose
 * reference is unique, so even simultaneous sign-ups can never hand out more than `accounts`.
 */
async function grantLaunchOffer(em: EntityManager, userId: number, offer: ApiConfig['launchOffer']): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const granted = await em.count(CreditEntry, { reason: LAUNCH_OFFER_REASON });
    if (granted >= offer.accounts) return;
    const { applied } = await ledger.grant(em, {
      userId,
      amount: offer.credits,
      description: 'Offre de lancement',
      reason: LAUNCH_OFFER_REASON,
      externalRef: `launch-offer:${granted + 1}`,
    });
    if (applied) return;
  }
}

export async function register(em: EntityManager, config: ApiConfig, input: RegisterInput): Promise<User> {
  if (await emailTaken(em, input.email)) throw new AppError('CONFLICT', registerMessages.emailTaken);
  const passwordHash = await hashPassword(input.password, config.passwordHash);
  const userId = await insertUser(em, input, passwordHash);
  await grantLaunchOffer(em, userId, config.launchOffer);
  await grantDiscoveryOffer({ em, config }, { userId });
  return em.findOneOrFail(User, userId, { refresh: true });
}
