const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether any of the texts contains the query, ignoring case and accents ("aquarelle" finds "Aquarelle"). */
export function matchesSearch(query: string, ...texts: readonly (string | null | undefined)[]): boolean {
  const needle = fold(query.trim());
  return needle === '' || texts.some((text) => text != null && fold(text).includes(needle));
}
