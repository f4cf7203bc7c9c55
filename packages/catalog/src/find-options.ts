import { CATEGORY_IDS, type CategoryId } from './categories';
import { getSelectableOptions, type Selection } from './catalog';
import type { CatalogOption } from './option';
import { normalizeText } from './text';

/** Starts the line of French option names that the studio appends to its prompt text. */
export const OPTIONS_LINE_LABEL = 'Options Atelier :';

/** Separates the names on that line (no option name contains it). */
export const OPTIONS_SEPARATOR = ' ; ';

interface Term {
  text: string;
  category: CategoryId;
  option: CatalogOption;
}

/** Every selectable option's folded name and id, longest first so "Forêt enchantée" wins over "Forêt". */
const TERMS: readonly Term[] = CATEGORY_IDS.flatMap((category) =>
  getSelectableOptions(category).flatMap((option) =>
    [...new Set([normalizeText(option.name), normalizeText(option.id)])].map((text) => ({ text, category, option })),
  ),
).sort((a, b) => b.text.length - a.text.length);

/**
 * Recognises the catalogue options named in a free-text `style` (French names or ids, any case,
 * with or without accents), at most one per category, longest name first. Third-party clients send
 * only this text. When the text carries the studio's options line, only that line is read, so the
 * English prompt above it cannot be mistaken for choices.
 */
export function findOptionsInText(text: string): Selection {
  const labelAt = text.lastIndexOf(OPTIONS_LINE_LABEL);
  const scanned = labelAt >= 0 ? text.slice(labelAt + OPTIONS_LINE_LABEL.length) : text;
  // "|" never survives folding, so a match can neither span two pieces nor reuse matched words.
  let haystack = ` ${scanned.split(/[;\n]/).map(normalizeText).join(' | ')} `;
  const found: Selection = {};
  for (const { text: term, category, option } of TERMS) {
    const needle = ` ${term} `;
    if (found[category] || !haystack.includes(needle)) continue;
    found[category] = { id: option.id, name: option.name };
    haystack = haystack.replace(needle, ' | ');
  }
  return found;
}
