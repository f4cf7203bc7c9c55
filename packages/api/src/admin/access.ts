import type { ApiConfig } from '../settings';

export const adminMessages = {
  forbidden: 'Réservé aux administrateurs.',
} as const;

/**
 * Whether this account is an administrator: its e-mail is in ADMIN_EMAILS. Asked at each request
 * rather than stored, so an address taken off the list loses its rights with the next setting.
 */
export function isAdministrator(config: Pick<ApiConfig, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.includes(email.toLowerCase());
}

/** Whether a call comes from an administrator in their browser (an API token never counts as one). */
export function isAdministratorCall(call: {
  config: Pick<ApiConfig, 'adminEmails'>;
  user: { email: string } | null;
  identity: { via: string } | null;
}): boolean {
  return call.user !== null && call.identity?.via === 'session' && isAdministrator(call.config, call.user.email);
}
