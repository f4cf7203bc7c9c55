/**
 * Folds text for matching: no accents, lower case, ligatures spelled out, every run of
 * punctuation or spacing turned into one space. "Pâte à modeler" and "pate-a-modeler" both give
 * "pate a modeler", so French names and kebab-case ids compare the same way.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
