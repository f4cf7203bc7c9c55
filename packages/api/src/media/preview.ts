import type { PreviewWidth } from '@atelier/catalog';
import { contentTypeOf } from '@atelier/media';
import type { ServiceDeps } from '../deps';
import { AppError, commonMessages } from '../shared/errors';
import { canViewMedia } from './access';
import { mediaFailure } from './errors';

export const previewMessages = {
  notAPicture: 'Aperçu disponible pour les images seulement.',
} as const;

/**
 * A stored picture's small version for grids (see RenderCache.preview), shown to whoever may see
 * the picture itself, and to no one else.
 */
export async function storedPreview(
  { em, media }: Pick<ServiceDeps, 'em' | 'media'>,
  { viewerId, key, width }: { viewerId: number | null; key: string; width: PreviewWidth },
): Promise<Buffer> {
  if (!contentTypeOf(key).startsWith('image/')) throw new AppError('VALIDATION', previewMessages.notAPicture);
  if (!(await canViewMedia(em, viewerId, key))) throw new AppError('NOT_FOUND', commonMessages.notFound);
  try {
    return await media.renders.preview(key, width, () => media.storage.get(key));
  } catch (error) {
    throw mediaFailure(error);
  }
}
