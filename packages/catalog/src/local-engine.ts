import { CATEGORY_IDS, type CategoryId } from './categories';
import { getOption, type Selection } from './catalog';
import { isCloudOnly } from './local-verdicts';
import { getWorkflowOption } from './workflow-catalog';

/** The chosen options that only the cloud engine renders, by their catalogue names (the studio's or the editor's). */
export function cloudOnlyNames(selection: Selection): string[] {
  return CATEGORY_IDS.flatMap((category) => {
    const id = selection[category]?.id;
    return id !== undefined && isCloudOnly(category, id)
      ? [(getOption(category, id) ?? getWorkflowOption(category, id))?.name ?? id]
      : [];
  });
}

/** Said on the option's tile with the local engine. */
export const CLOUD_ONLY_LABEL = 'Moteur cloud uniquement';

/** Why RUN does not start (or the server refuses) with the local engine: in French, nothing charged. */
export function cloudOnlyMessage(names: readonly string[]): string {
  const quoted = names.map((name) => `« ${name} »`).join(', ');
  const [subject, verb] = names.length > 1 ? [`Les options ${quoted}`, 'sont'] : [`L'option ${quoted}`, 'est'];
  return `${subject} ${verb} disponible${names.length > 1 ? 's' : ''} avec le moteur cloud uniquement : le moteur local de ce service ne sait pas ${names.length > 1 ? 'les' : 'la'} rendre fidèlement. Retirez-${names.length > 1 ? 'les' : 'la'} pour lancer la transformation. Aucun crédit n'a été débité.`;
}

/**
 * Categories whose option tiles are the stock ones, drawn once for everyone, even on a member's
 * photo: an HD option's preview is an ESRGAN run of seconds, and a photo enlarged looks, at tile
 * size, like the photo. Their stock tile shows a square of the enlargement at its own pixels.
 */
export const STOCK_TILES_ONLY: readonly CategoryId[] = ['upscale'];
