import type { LoginInput } from '@atelier/catalog';
import { User, type EntityManager } from '@atelier/db';
import type { PasswordHashParams } from '../settings';
import { hashPassword, verifyPassword } from './password';

export const loginMessages = {
  invalidCredentials: 'Email ou mot de passe incorrect',
} as const;

let decoyHash: Promise<string> | undefined;

/** An unknown e-mail costs the same time as a wrong password, so timing reveals nothing. */
function decoy(params: PasswordHashParams): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches', params);
  return decoyHash;
}

/** The account these credentials open, or null: an unknown e-mail and a wrong password look alike. */
export async function checkCredentials(
  em: EntityManager,
  params: PasswordHashParams,
  input: LoginInput,
): Promise<User | null> {
  const user = await em.findOne(User, { email: input.email });
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoy(params)));
  return user && ok ? user : null;
}
