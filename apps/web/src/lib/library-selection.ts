/** Where the image library hands its chosen picture addresses to the phone studio (a JSON array). */
const LIBRARY_SELECTION_KEY = 'selectedLibraryImages';

export function storeLibrarySelection(urls: readonly string[]): void {
  localStorage.setItem(LIBRARY_SELECTION_KEY, JSON.stringify(urls));
}

/** Removes a stored selection that is not an array of addresses, so it cannot break the studio. */
export function clearCorruptedLibrarySelection(): void {
  const stored = localStorage.getItem(LIBRARY_SELECTION_KEY);
  if (stored === null) return;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed) && parsed.every((url) => typeof url === 'string')) return;
  } catch {
    // Not JSON: removed below.
  }
  localStorage.removeItem(LIBRARY_SELECTION_KEY);
}

/** The addresses the library handed over, removed as they are read (a corrupted value is dropped too). */
export function takeLibrarySelection(): string[] {
  const stored = localStorage.getItem(LIBRARY_SELECTION_KEY);
  if (stored === null) return [];
  localStorage.removeItem(LIBRARY_SELECTION_KEY);
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed) && parsed.every((url) => typeof url === 'string'))
      return parsed.filter((url) => url.trim() !== '');
  } catch {
    // Not JSON: already removed.
  }
  return [];
}
