import type { CatalogOption } from './option';

/**
 * What an option may change of the photo that an image editor is otherwise told to keep. Editors
 * obey a keep clause over the change asked (BFL's Kontext guide: say what to preserve, explicitly),
 * so an option that changes one of these must not be told to keep it.
 */
export type Trait = 'face' | 'skin' | 'hair' | 'age' | 'pose' | 'framing';

/** How one option differs from its category's instruction. */
export interface OptionInstruction {
  /** Another imperative lead, where the category's does not fit the option's fragment. */
  lead?: string;
  /** What the option changes besides its category's changes. */
  alsoChanges?: readonly Trait[];
}

/**
 * How an image editor is told to carry out a category's options: the imperative lead that each
 * option's fragment completes ("Change the lighting to" + "warm golden hour sunlight"), what the
 * category changes of the photo, and the options that differ from it, by id.
 */
export interface CategoryInstruction {
  lead: string;
  changes: readonly Trait[];
  options?: Readonly<Record<string, OptionInstruction>>;
}

/** The same difference for each of these options: a group of a table that shares a lead. */
export function forEachOption(
  options: readonly CatalogOption[],
  instruction: OptionInstruction,
): Record<string, OptionInstruction> {
  return Object.fromEntries(options.map((option) => [option.id, instruction]));
}

/** Tables of differences as one: an option in several keeps the last lead given and all the changes. */
export function mergeOptionInstructions(
  ...tables: readonly Readonly<Record<string, OptionInstruction>>[]
): Record<string, OptionInstruction> {
  const merged: Record<string, OptionInstruction> = {};
  for (const table of tables) {
    for (const [id, { lead, alsoChanges = [] }] of Object.entries(table)) {
      const before = merged[id];
      merged[id] = {
        ...before,
        ...(lead === undefined ? {} : { lead }),
        alsoChanges: [...(before?.alsoChanges ?? []), ...alsoChanges],
      };
    }
  }
  return merged;
}

/**
 * What an edit keeps unless an option changes it, in an editor's words; `looser` is kept instead
 * when it does (a face an option redraws can still be the person's).
 */
const KEEPS: readonly { trait: Trait; of: 'person' | 'photo'; words: string; looser?: string }[] = [
  { trait: 'face', of: 'person', words: 'face shape and facial features', looser: 'likeness' },
  { trait: 'skin', of: 'person', words: 'skin tone' },
  { trait: 'hair', of: 'person', words: 'hair colour' },
  { trait: 'age', of: 'person', words: 'apparent age' },
  { trait: 'pose', of: 'person', words: 'pose' },
  { trait: 'framing', of: 'photo', words: 'framing and composition' },
];

const OWNERS = { person: "the person's", photo: "the photo's" } as const;

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The sentence that tells an editor what to keep, given what the chosen options change. */
export function keepSentence(changed: ReadonlySet<Trait>): string {
  const parts = (['person', 'photo'] as const).flatMap((of) => {
    const kept = KEEPS.filter((keep) => keep.of === of).flatMap(({ trait, words, looser }) =>
      changed.has(trait) ? (looser ? [looser] : []) : [words],
    );
    return kept.length > 0 ? [`${OWNERS[of]} ${listed(kept)}`] : [];
  });
  // The face is always kept in some words, so there is always something to keep.
  return `Keep ${parts.join(', and ')}.`;
}
