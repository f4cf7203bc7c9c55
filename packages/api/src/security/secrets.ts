import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a session key or the body of an API token. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: finding its row needs the secret, and a leaked table gives none. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Touch a last-seen date at most this often: one write a minute per session or token, not one per request. */
export const TOUCH_INTERVAL_MS = 60_000;

export function isStale(lastTouched: Date | null, now: Date): boolean {
  return !lastTouched || now.getTime() - lastTouched.getTime() >= TOUCH_INTERVAL_MS;
}
