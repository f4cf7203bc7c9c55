import { TOO_MANY_PIXELS_MESSAGE } from '@atelier/catalog';

export type MediaErrorCode = 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA' | 'VALIDATION' | 'UPSTREAM' | 'NOT_FOUND';

/** The French text a user reads for each refusal; the API passes it through as `message`. */
export const MEDIA_MESSAGES = {
  fileTooLarge: 'Fichier trop volumineux. Taille maximale : 10MB',
  tooManyPixels: TOO_MANY_PIXELS_MESSAGE,
  unsupported: 'Format non supporté. Veuillez sélectionner une image.',
  unreadable: 'Erreur lors de la lecture du fichier. Veuillez réessayer.',
  notFound: 'Fichier introuvable.',
  combineTooFew: 'Connectez au moins 2 images au nœud COMBINE pour les fusionner',
  combineTooMany: "Trop d'images à combiner : 16 au maximum.",
  layoutMismatch: "La disposition choisie ne correspond pas au nombre d'images.",
  generationUnavailable: "Le service de génération est indisponible. Aucun crédit n'a été débité.",
  generationFailed: "La génération a échoué. Aucun crédit n'a été débité.",
  generationTimeout: "La génération a pris trop de temps. Aucun crédit n'a été débité.",
  generationCanceled: "La génération a été annulée. Aucun crédit n'a été débité.",
  generationRefused:
    "Le modèle a refusé cette demande : la photo ou les options ont été jugées sensibles par son filtre de contenu. Choisissez une autre photo ou d'autres options. Aucun crédit n'a été débité.",
  generationBusy:
    "Le service de génération est très sollicité. Réessayez dans quelques minutes. Aucun crédit n'a été débité.",
  videoFailed: 'Erreur lors de la génération vidéo. Veuillez réessayer.',
  nothingChosen: "Choisissez au moins une option ou décrivez la transformation voulue. Aucun crédit n'a été débité.",
} as const;

/** A refusal or failure of the media layer; the API maps `code` to its own AppError and HTTP status. */
export class MediaError extends Error {
  override readonly name = 'MediaError';

  constructor(
    readonly code: MediaErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isMediaError(error: unknown): error is MediaError {
  return error instanceof MediaError;
}
