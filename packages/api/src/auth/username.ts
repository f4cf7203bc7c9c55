import { randomInt } from 'node:crypto';

/** A username from the e-mail's local part: lower-case letters, digits, dots, dashes, underscores. */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, 24);
  return local.length >= 3 ? local : `${local}user`.slice(0, 24);
}

export function withRandomSuffix(username: string): string {
  return `${username.slice(0, 24)}${randomInt(1000, 10000)}`;
}
