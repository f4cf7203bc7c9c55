import { isStorageKey } from '@atelier/media';

/** Every stored file is addressed as /api/media/<key>; clients never name a path on disk. */
export const MEDIA_URL_PREFIX = '/api/media/';

export function mediaUrl(key: string): string {
  return MEDIA_URL_PREFIX + key;
}

/** The storage key behind a media URL (absolute or not), or null for anything else. */
export function storageKeyOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://atelier.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(MEDIA_URL_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(MEDIA_URL_PREFIX.length));
  } catch {
    // A malformed %-escape names no stored file.
    return null;
  }
  return isStorageKey(key) ? key : null;
}
