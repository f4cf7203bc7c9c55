import { describe, expect, it } from 'vitest';
import { getOption, getSelectableOptions, type ResolvedChoice } from './catalog';
import { CATEGORY_IDS, type CategoryId } from './categories';
import { CATEGORY_INSTRUCTIONS, keepInstruction, modelInstructions } from './prompts';

/** The categories an image editor is told to carry out; format and upscale are made by the crop and the upscaler. */
const EDITED: readonly CategoryId[] = ['style', 'character', 'action', 'environment', 'clothing', 'lighting', 'camera'];

const choicesOf = (categories: readonly CategoryId[]): ResolvedChoice[] =>
  categories.flatMap((category) => getSelectableOptions(category).map((option) => ({ category, option })));
const choice = (category: CategoryId, id: string): ResolvedChoice => ({ category, option: getOption(category, id)! });
const keptBy = (category: CategoryId, id: string) => keepInstruction([choice(category, id)]);

/** The verbs an editing model reads as an order (BFL's Kontext guide: "Change…", "Replace…", "Restyle…"). */
const IMPERATIVE_VERBS = new Set([
  'Change',
  'Crop',
  'Dress',
  'Give',
  'Improve',
  'Recompose',
  'Reframe',
  'Replace',
  'Restyle',
  'Retake',
  'Show',
  'Turn',
  'Use',
]);

describe('the instruction of each option', () => {
  it('starts with an imperative verb, not a label', () => {
    const openings = choicesOf(CATEGORY_IDS).map((chosen) => modelInstructions([chosen])[0]!.split(' ')[0]!);
    expect(openings.filter((word) => !IMPERATIVE_VERBS.has(word))).toEqual([]);
    expect(modelInstructions([], { global: 'navy' })[0]).toMatch(/^Use an overall colour palette of navy blue\.$/);
  });

  it('names only options of its category where an option differs from it', () => {
    const unknown = CATEGORY_IDS.flatMap((category) =>
      Object.keys(CATEGORY_INSTRUCTIONS[category].options ?? {}).filter((id) => !getOption(category, id)),
    );
    expect(unknown).toEqual([]);
  });
});

describe('what an editor is told to keep', () => {
  it.each([
    ['skin', /\bskin\b/, /skin/],
    ['hair', /\b(hair|beard|wig)\b/, /hair/],
    ['age', /\b(elderly|child|wrinkles)\b/, /age/],
  ])('is never the %s of an option whose words change it', (_, words, kept) => {
    const contradicted = choicesOf(EDITED)
      .filter(({ option }) => words.test(option.prompt))
      .filter(({ category, option }) => kept.test(keptBy(category, option.id)))
      .map(({ option }) => option.name);
    expect(contradicted).toEqual([]);
  });

  it('is never the framing for a camera option, nor the pose for an action', () => {
    const framed = choicesOf(['camera']).filter(({ option }) => /framing/.test(keptBy('camera', option.id)));
    const posed = choicesOf(['action']).filter(({ option }) => /pose/.test(keptBy('action', option.id)));
    expect([...framed, ...posed].map(({ option }) => option.name)).toEqual([]);
  });

  it('keeps the face of a person whose skin, hair or age an option changes', () => {
    expect(keptBy('character', 'vampire')).toBe(
      "Keep the person's face shape and facial features, hair colour, apparent age and pose, and the photo's framing and composition.",
    );
    expect(keptBy('character', 'elderly-self')).toMatch(/^Keep the person's face shape and facial features, skin tone/);
    expect(keptBy('camera', 'wide-shot')).toBe(
      "Keep the person's face shape and facial features, skin tone, hair colour, apparent age and pose.",
    );
  });

  it('keeps what none of the chosen options changes, and the likeness of a face one redraws', () => {
    expect(keepInstruction([choice('character', 'zombie'), choice('camera', 'back-view')])).toBe(
      "Keep the person's likeness, hair colour, apparent age and pose.",
    );
    expect(keepInstruction([])).toContain('skin tone, hair colour, apparent age and pose');
  });
});
