import {
  CATEGORY_IDS,
  CLOUD_ONLY_CATEGORIES,
  CLOUD_ONLY_OPTIONS,
  getColor,
  getOption,
  getSelectableOptions,
  getWorkflowOption,
  isCloudOnly,
  WORKFLOW_CATALOG,
  type CatalogOption,
  type CategoryId,
} from '@atelier/catalog';
import { describe, expect, test } from 'vitest';
import { isMediaError } from '../../errors';
import { CAMERA_MOVES, cameraMoveOf } from './camera';
import { LocalImageEngine } from './image-engine';
import { LIGHTINGS } from './lights';
import { OPTION_COLORS } from './option-colors';
import { STYLE_FAMILIES, styleFamily } from './styles/families';

/** Every option a studio or a workflow node may send, by category. */
function everyOption(category: CategoryId): readonly CatalogOption[] {
  const studio = getSelectableOptions(category);
  const editor = (
    category in WORKFLOW_CATALOG ? WORKFLOW_CATALOG[category as keyof typeof WORKFLOW_CATALOG] : []
  ).filter((option) => !studio.some(({ id }) => id === option.id));
  return [...studio, ...editor];
}

/**
 * What the local engine renders an option with, or null when it would fall back to a generic
 * look: a drawing or a scene of random hues chosen by its dice, a grade alone, a prop shared with
 * many others.
 */
function ownRender(category: CategoryId, option: CatalogOption): unknown {
  switch (category) {
    case 'format':
    case 'upscale':
      return option;
    case 'camera':
      return cameraMoveOf(option.id) ?? null;
    case 'lighting':
      return LIGHTINGS[option.id] ?? null;
    case 'style': {
      // A photographic style is a grade: it needs at least one of its own.
      const family = styleFamily(option.id);
      return family?.family === 'photo' && family.grades.length === 0 ? null : (family ?? null);
    }
    case 'environment':
    case 'character':
    case 'action':
    case 'clothing':
      return null;
  }
}

describe('the local engine offers only what it renders as named', () => {
  test.each(CATEGORY_IDS)('no %s option it offers falls back to a generic look', (category) => {
    const generic = everyOption(category)
      .filter((option) => !isCloudOnly(category, option.id) && ownRender(category, option) === null)
      .map(({ id }) => id);
    expect(generic).toEqual([]);
  });

  // The tables the local engine draws from, by option id: a row for an option it refuses is dead.
  test.each([
    ['style', Object.keys(STYLE_FAMILIES)],
    ['lighting', Object.keys(LIGHTINGS)],
    ['camera', Object.keys(CAMERA_MOVES)],
  ] as const)('a %s is drawn from its own row of its table or is cloud-only, never both', (category, rows) => {
    const both = rows.filter((id) => isCloudOnly(category, id));
    const unknown = rows.filter((id) => !getOption(category, id) && !getWorkflowOption(category, id));
    expect({ both, unknown }).toEqual({ both: [], unknown: [] });
  });

  test("an option's own colours are palette colours of an option the engine renders", () => {
    const wrong = Object.entries(OPTION_COLORS).flatMap(([category, rows]) =>
      Object.entries(rows ?? {})
        .filter(
          ([id, colors]) =>
            isCloudOnly(category as CategoryId, id) ||
            !(getOption(category as CategoryId, id) ?? getWorkflowOption(category as CategoryId, id)) ||
            colors.some((color) => !getColor(color)),
        )
        .map(([id]) => `${category}:${id}`),
    );
    expect(wrong).toEqual([]);
  });

  test('a category left whole to the cloud engine has no verdicts of single options besides', () => {
    expect(Object.keys(CLOUD_ONLY_OPTIONS).filter((category) => category in CLOUD_ONLY_CATEGORIES)).toEqual([]);
  });

  test('the cloud-only list names options of the catalogue', () => {
    const unknown = Object.entries(CLOUD_ONLY_OPTIONS).flatMap(([category, reasons]) =>
      Object.keys(reasons ?? {}).filter(
        (id) => !getOption(category as CategoryId, id) && !getWorkflowOption(category as CategoryId, id),
      ),
    );
    expect(unknown).toEqual([]);
  });

  test('a cloud-only option is refused in French before any work, not rendered as something else', async () => {
    const engine = new LocalImageEngine();
    const refused = await engine
      .transform({
        image: Buffer.from('not even a picture'),
        prompt: '',
        selection: { lighting: { id: 'god-rays', name: 'Rayons divins' } },
      })
      .catch((error: unknown) => error);
    expect(isMediaError(refused) && refused.code).toBe('VALIDATION');
    expect((refused as Error).message).toMatch(
      /^L'option « Rayons divins » est disponible avec le moteur cloud uniquement/,
    );
    await engine.models.close();
  });
});
