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

/**
 * Puts the balance a generation's answer carries where the header and the account page read it,
 * rather than asking the server again; the credit history, which has a new line, is read again
 * when it is next shown.
 */
export function useBalanceFromAnswer() {
  const utils = trpc.useUtils();
  return (credits: number) => {
    utils.auth.me.setData(undefined, (user) => user && { ...user, credits });
    utils.account.get.setData(undefined, (account) => account && { user: { ...account.user, credits } });
    void utils.credits.history.invalidate();
  };
}
