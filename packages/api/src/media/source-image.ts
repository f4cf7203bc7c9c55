import type { EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';
import type { ServiceDeps } from '../deps';
import { canViewMedia } from './access';
import { mediaFailure } from './errors';
import { storageKeyOf } from './urls';

export const sourceMessages = {
  notFound: 'Image introuvable ou inaccessible.',
} as const;

/**
 * The storage key of an image a client names by URL, as a source for a transformation or a
 * composite: one of its own files, or a published one. Anything else is "not found".
 */
export async function viewableImageKey(em: EntityManager, userId: number, url: string): Promise<string> {
  const key = storageKeyOf(url);
  if (!key || !(await canViewMedia(em, userId, key))) throw new AppError('NOT_FOUND', sourceMessages.notFound);
  return key;
}

/** The bytes of an image the user may use as a source (see viewableImageKey). */
export async function readViewableImage(
  { em, media }: Pick<ServiceDeps, 'em' | 'media'>,
  { userId, url }: { userId: number; url: string },
): Promise<{ key: string; image: Buffer }> {
  const key = await viewableImageKey(em, userId, url);
  const image = await media.storage.get(key).catch((error: unknown) => {
    throw mediaFailure(error);
  });
  return { key, image };
}
