import { CLOUD_ONLY_LABEL, isCloudOnly, type CategoryId } from '@atelier/catalog';
import { ENGINE_TAGLINES, engineNameOf } from './engine-name';
import { ENGINE_WORDS } from './engine-words';
import { trpc } from './trpc';

const ENGINE_LABELS: Readonly<Record<string, string>> = {
  local: 'Moteur local',
  replicate: 'Moteur cloud (Replicate)',
};

/**
 * "Moteur local", or "Moteur cloud (Replicate)" with the models that made the picture
 * ("… : flux-kontext-pro, image-upscale"); null when unknown (older results).
 */
export function engineLabel(engine: string | null | undefined, models?: readonly string[] | null): string | null {
  const label = engine ? (ENGINE_LABELS[engine] ?? null) : null;
  if (!label || !models?.length) return label;
  return `${label} : ${models.map((model) => model.split('/').at(-1)).join(', ')}`;
}

/** What the local engine does and does not do, said plainly wherever it makes the pictures. */
export const LOCAL_ENGINE_NOTICE =
  "Moteur local : styles artistiques (aquarelle, bande dessinée, vitrail, gravure…), lumière, cadrage, objectifs, format et agrandissement sont calculés sur notre serveur, sans IA générative : il dessine, retouche et compose la photo, il n'en génère pas une nouvelle. Des modèles ouverts y repèrent la personne et son visage. Contre-plongée, plongée et vue d'oiseau sont des corrections de perspective de la photo, pas un autre point de vue. ESRGAN agrandit les photos jusqu'à 5 mégapixels ; au-delà, l'agrandissement est classique, et les visages restent restaurés par le modèle. Un style repeint aussi le visage. Personnage, action, lieu et tenue demandent le moteur cloud (Replicate) : ces options sont marquées « Moteur cloud uniquement » et ne sont pas lancées ici, sans débit.";

/** The notice in one line: what a user would otherwise expect and not get. */
export const LOCAL_ENGINE_SUMMARY =
  'Moteur local, sans IA générative : il dessine, retouche et recadre la photo, sans en changer la pose, la tenue ni le décor.';

/** The image engine the server is configured with, once known. */
export function useConfiguredEngine(): string | null {
  const query = trpc.media.engine.useQuery(undefined, { staleTime: Infinity });
  return query.data?.engine ?? null;
}

/** What the pages say of the engine the server runs (the local one's words until it is known). */
export function useEngineWords() {
  const engine = engineNameOf(useConfiguredEngine());
  return { tagline: ENGINE_TAGLINES[engine], ...ENGINE_WORDS[engine] };
}

/** Whether an option is shown as the cloud engine's alone: with the local engine, those it cannot render as named. */
export function useCloudOnly(): (category: CategoryId, optionId: string) => boolean {
  const local = useConfiguredEngine() === 'local';
  return (category, optionId) => local && isCloudOnly(category, optionId);
}

/**
 * What the button of a cloud-only option carries: a description for screen readers, so the option
 * keeps its name, and a tooltip.
 */
export const CLOUD_ONLY_MARKS = {
  'data-cloud-only': true,
  'aria-description': CLOUD_ONLY_LABEL,
  title: CLOUD_ONLY_LABEL,
} as const;
