import type { ApiConfig } from '../context';

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
