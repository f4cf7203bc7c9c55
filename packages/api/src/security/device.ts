import Bowser from 'bowser';

/** A session's device in words, from the User-Agent it signed in with: "Chrome sur Windows". */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name || 'Navigateur inconnu';
  return os.name ? `${browserName} sur ${os.name}` : browserName;
}
