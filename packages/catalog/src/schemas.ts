import { z } from 'zod';
import { CATEGORY_IDS, type CategoryId } from './categories';
import { getOption, type Selection } from './catalog';
import { clientText } from './client-text';
import { getColor } from './colors';
import { componentsFor } from './components';
import type { CatalogOption } from './option';
import { getWorkflowOption } from './workflow-catalog';

const UNKNOWN_OPTION = 'Option inconnue pour cette catégorie';

const categorySchema = z.enum(CATEGORY_IDS);
const optionIdSchema = clientText().max(100);

type FindOption = (category: CategoryId, id: string) => CatalogOption | undefined;

/**
 * The selection a client sends: category → {id, name}. Ids must be found by `findOption`; the
 * output carries the catalogue's names, so a client-sent name is never trusted.
 */
function selectionSchemaOf(findOption: FindOption) {
  return z
    .partialRecord(categorySchema, z.object({ id: optionIdSchema, name: clientText().max(200).optional() }))
    .superRefine((selection, ctx) => {
      for (const category of CATEGORY_IDS) {
        const chosen = selection[category];
        if (chosen && !findOption(category, chosen.id)) {
          ctx.addIssue({ code: 'custom', path: [category, 'id'], message: UNKNOWN_OPTION });
        }
      }
    })
    .transform((selection) => {
      const canonical: Selection = {};
      for (const category of CATEGORY_IDS) {
        const chosen = selection[category];
        const option = chosen && findOption(category, chosen.id);
        if (option) canonical[category] = { id: option.id, name: option.name };
      }
      return canonical;
    });
}

/** The studio's selection: ids from the studio's catalogue, dialog actions included. */
export const selectionSchema = selectionSchemaOf(getOption);

/** A workflow render's selection: ids from the editor's catalogue (its own lighting moods included). */
export const workflowSelectionSchema = selectionSchemaOf(getWorkflowOption);

const colorIdSchema = clientText()
  .max(50)
  .refine((id) => getColor(id) !== undefined, { message: 'Couleur inconnue' });

/** Global, per-option and per-part colours; option and part ids must exist where they are used. */
export const colorChoicesSchema = z
  .object({
    global: colorIdSchema.optional(),
    elements: z.partialRecord(categorySchema, z.record(optionIdSchema, colorIdSchema)).optional(),
    components: z
      .partialRecord(categorySchema, z.record(optionIdSchema, z.record(clientText().max(100), colorIdSchema)))
      .optional(),
  })
  .superRefine((choices, ctx) => {
    const refuse = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    for (const category of CATEGORY_IDS) {
      for (const optionId of Object.keys(choices.elements?.[category] ?? {})) {
        if (!getOption(category, optionId)) refuse(['elements', category, optionId], UNKNOWN_OPTION);
      }
      for (const [optionId, parts] of Object.entries(choices.components?.[category] ?? {})) {
        const option = getOption(category, optionId);
        if (!option) {
          refuse(['components', category, optionId], UNKNOWN_OPTION);
          continue;
        }
        const known = componentsFor(category, option).map((component) => component.id);
        for (const componentId of Object.keys(parts).filter((id) => !known.includes(id))) {
          refuse(['components', category, optionId, componentId], 'Élément inconnu pour cette option');
        }
      }
    }
  });
