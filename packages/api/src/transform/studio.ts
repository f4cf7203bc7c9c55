import { buildStyleText, findOptionsInText, type ColorChoices, type Selection } from '@atelier/catalog';
import { Upload, type EntityManager } from '@atelier/db';
import type { MediaDeps } from '../media/deps';
import { mediaFailure } from '../media/errors';
import { mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';
import { paidGeneration } from './paid-generation';

export const transformMessages = {
  uploadNotFound: 'Image introuvable.',
  noOption: 'Veuillez sélectionner au moins une option de transformation.',
  imageNotFound: 'Image introuvable ou inaccessible.',
} as const;

interface StoredChoice {
  selection?: Selection;
  colors?: ColorChoices;
}

/**
 * Transforms one of the user's uploads with the options sent beside it (or, for clients that
 * sent only the documented `style` text, the options named in that text). Paid on success only.
 */
export async function transformUpload(em: EntityManager, media: MediaDeps, userId: number, uploadId: number) {
  const upload = await em.findOne(Upload, { id: uploadId, owner: userId });
  if (!upload) throw new AppError('NOT_FOUND', transformMessages.uploadNotFound);
  const stored = (upload.selection ?? {}) as StoredChoice;
  const selection = stored.selection && Object.keys(stored.selection).length ? stored.selection : findOptionsInText(upload.style ?? '');
  const colors = stored.colors ?? {};
  if (Object.keys(selection).length === 0 && !upload.style?.trim()) {
    throw new AppError('VALIDATION', transformMessages.noOption);
  }
  const prompt = upload.style?.trim() || buildStyleText(selection, colors);
  const image = await media.storage.get(upload.storageKey).catch((error: unknown) => {
    throw mediaFailure(error);
  });
  const result = await paidGeneration(em, media, { userId, kind: 'studio', uploadId, prompt, options: { selection, colors } }, () =>
    media.images.transform({ image, prompt, selection, colors }),
  );
  return {
    success: true as const,
    transformedImagePath: mediaUrl(result.resultKey),
    originalImagePath: mediaUrl(upload.storageKey),
    transformationId: result.transformationId,
    credits: result.balance,
  };
}
