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
  'Moteur local : styles artistiques (aquarelle, BD, mosaïque, vitrail…), lumière, cadrage, format et agrandissement sont calculés sur notre serveur, sans IA générative. Personnage, tenue et action : il ajoute des accessoires dessinés, ajustés à la tête, au visage et aux épaules de la personne détectée (casques, couronnes, chapeaux, lunettes, masques, vestes, cols, objets tenus en main). Il ne change ni le corps entier, ni la pose, ni le visage ; chaussures et bas demandent une photo en pied, et une photo sans personne visible est refusée, sans débit. Transformer tout le corps est le travail du moteur cloud (Replicate), quand le service est configuré avec lui.';

/** The notice in one line: what a user would otherwise expect and not get. */
export const LOCAL_ENGINE_SUMMARY =
  'Moteur local, sans IA générative : il ne change ni le corps, ni la pose, ni le visage.';

/** The image engine the server is configured with, once known. */
export function useConfiguredEngine(): string | null {
  const query = trpc.media.engine.useQuery(undefined, { staleTime: Infinity });
  return query.data?.engine ?? null;
}
