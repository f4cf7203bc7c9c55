import { createHash, randomBytes } from 'node:crypto';
import { PasswordResetToken, User } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { endSessions } from '../security/sessions';
import { revokeTokens } from '../security/tokens';
import type { ApiConfig } from '../settings';
import { AppError } from '../shared/errors';
import { hashPassword } from './password';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const passwordResetMessages = {
  sent: 'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
  notConfigured: "La réinitialisation du mot de passe par e-mail n'est pas configurée sur ce serveur.",
  invalidLink: 'Ce lien de réinitialisation est invalide, a expiré ou a déjà servi. Demandez-en un nouveau.',
} as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a single-use reset link valid one hour to the account of that e-mail, if there is one.
 * The answer and its timing are the same either way (the mail goes in the background), so the
 * form tells no one whether an address has an account.
 */
export async function requestPasswordReset(
  { em, mail }: Pick<ServiceDeps, 'em' | 'mail'>,
  { email, now = new Date() }: { email: string; now?: Date },
): Promise<void> {
  if (!mail.mailer) throw new AppError('UPSTREAM', passwordResetMessages.notConfigured);
  const user = await em.findOne(User, { email: email.toLowerCase() }, { fields: ['email', 'firstName'] });
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  em.create(PasswordResetToken, {
    user: user.id,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    createdAt: now,
  });
  await em.flush();
  const link = new URL(`/reset-password?token=${token}`, mail.appUrl).href;
  mail.mailer.deliver({
    to: user.email,
    subject: 'Réinitialisation de votre mot de passe Atelier',
    text: [
      `Bonjour ${user.firstName},`,
      '',
      'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
      link,
      '',
      "Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
      '',
      "L'équipe Atelier",
    ].join('\n'),
  });
}

/**
 * Sets a new password with a link's token: the token is claimed once (a second use, a race or an
 * expired link is refused), every other link of the account stops working, and every session
 * and API token of the account ends: a reset is how an owner takes the account back.
 */
export async function resetPassword(
  {
    em,
    liveSessions: live,
    config,
  }: Pick<ServiceDeps, 'em' | 'liveSessions'> & { config: Pick<ApiConfig, 'passwordHash'> },
  { token, password, now = new Date() }: { token: string; password: string; now?: Date },
): Promise<void> {
  const usable = { tokenHash: hashOf(token), usedAt: null, expiresAt: { $gt: now } };
  // A made-up or spent link costs a lookup, never a hash: anyone may send one.
  if ((await em.count(PasswordResetToken, usable)) === 0)
    throw new AppError('VALIDATION', passwordResetMessages.invalidLink);
  const passwordHash = await hashPassword(password, config.passwordHash);
  await em.transactional(async (tx) => {
    const found = await tx.findOne(PasswordResetToken, usable, { fields: ['user'] });
    const claimed = found
      ? await tx.nativeUpdate(PasswordResetToken, { id: found.id, usedAt: null }, { usedAt: now })
      : 0;
    if (!found || claimed !== 1) throw new AppError('VALIDATION', passwordResetMessages.invalidLink);
    const user = await tx.findOneOrFail(User, found.user.id);
    user.passwordHash = passwordHash;
    await endSessions(tx, null, user.id);
    await revokeTokens(tx, user.id, now);
    await tx.nativeUpdate(PasswordResetToken, { user: user.id, usedAt: null }, { usedAt: now });
  });
  await live.ended();
}
