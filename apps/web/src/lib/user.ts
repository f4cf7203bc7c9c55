import { trpc, type RouterOutputs } from './trpc';

export type CurrentUser = NonNullable<RouterOutputs['auth']['me']>;

/** The signed-in user, or null for a visitor (the server answers null rather than 401). */
export function useCurrentUser() {
  return trpc.auth.me.useQuery();
}

/** The upper-cased first letter of the first name, else of the e-mail. */
export function initialOf(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return (user.firstName.trim()[0] ?? user.email[0] ?? '?').toUpperCase();
}
