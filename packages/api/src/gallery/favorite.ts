import { GalleryItem } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { AppError } from '../shared/errors';
import { galleryMessages } from './messages';

/**
 * Marks one of the owner's gallery items as a favourite or not. `wanted` sets the state, so
 * repeated taps on "add" leave it a favourite; without it the call toggles. Anyone else's item
 * answers as an unknown one, so ids reveal nothing.
 */
export async function setFavorite(
  { em, listVersions: versions }: Pick<ServiceDeps, 'em' | 'listVersions'>,
  { ownerId, itemId, wanted }: { ownerId: number; itemId: number; wanted?: boolean | undefined },
): Promise<{ isFavorite: boolean }> {
  const item = await em.findOne(
    GalleryItem,
    { id: itemId, owner: ownerId },
    { fields: ['isFavorite'], disableIdentityMap: true },
  );
  if (!item) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
  const isFavorite = wanted ?? !item.isFavorite;
  if (isFavorite !== item.isFavorite) {
    await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId }, { isFavorite });
    await versions.galleryChanged(ownerId);
  }
  return { isFavorite };
}
