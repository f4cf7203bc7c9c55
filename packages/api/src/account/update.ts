import { UniqueConstraintViolationException, User } from '@atelier/db';
import { hashPassword, verifyPassword } from '../auth/password';
import type { ServiceDeps } from '../deps';
import type { ApiConfig } from '../settings';
import { AppError } from '../shared/errors';

export const accountMessages = {
  wrongPassword: 'Mot de passe actuel incorrect',
  wrongDeletionPassword: 'Mot de passe incorrect : votre compte n’a pas été supprimé.',
  usernameTaken: "Ce nom d'utilisateur est déjà pris.",
} as const;

export interface AccountUpdateResult {
  user: User;
  passwordChanged: boolean;
}

export const wrongCurrentPassword = () =>
  new AppError('VALIDATION', accountMessages.wrongPassword, {
    fieldErrors: { currentPassword: [accountMessages.wrongPassword] },
  });

/**
 * The current password is required to change anything (null when it is wrong); a blank new
 * password keeps the old one.
 */
export async function updateAccount(
  { em, config }: Pick<ServiceDeps, 'em'> & { config: Pick<ApiConfig, 'passwordHash'> },
  { userId, ...input }: { userId: number; username: string; currentPassword: string; newPassword?: string | undefined },
): Promise<AccountUpdateResult | null> {
  const user = await em.findOneOrFail(User, userId);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) return null;
  user.username = input.username;
  if (input.newPassword) user.passwordHash = await hashPassword(input.newPassword, config.passwordHash);
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError('CONFLICT', accountMessages.usernameTaken, {
        fieldErrors: { username: [accountMessages.usernameTaken] },
      });
    }
    throw error;
  }
  return { user, passwordChanged: Boolean(input.newPassword) };
}
