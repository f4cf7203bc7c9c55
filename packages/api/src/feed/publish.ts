import { GalleryItem, type EntityManager } from '@atelier/db';
import { galleryMessages } from '../gallery/messages';
import { AppError } from '../shared/errors';
import type { ListVersions } from '../shared/list-versions';

/**
 * Makes one of the owner's items public, with its untouched original or the result alone
 * (`withOriginal`). Publishing again keeps the first publication date and applies the choice
 * about the original; anyone else's item answers as if it did not exist.
 */
export async function publishGalleryItem(em: EntityManager, versions: ListVersions, ownerId: number, itemId: number, withOriginal = true): Promise<void> {
  const item = await em.findOne(GalleryItem, { id: itemId, owner: ownerId }, { fields: ['isPublic', 'originalPublic'] });
  if (!item) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
  if (item.isPublic && item.originalPublic === withOriginal) return;
  const published = await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId, isPublic: false }, { isPublic: true, publishedAt: new Date(), originalPublic: withOriginal });
  if (published === 0) await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId }, { originalPublic: withOriginal });
  await versions.galleryAndFeedChanged(ownerId);
}

/**
 * Takes one of the owner's posts off the feed and its public page; its likes are kept for a later
 * publication. Unpublishing a private item changes nothing; anyone else's answers as if it did not exist.
 */
export async function unpublishGalleryItem(em: EntityManager, versions: ListVersions, ownerId: number, itemId: number): Promise<void> {
  const unpublished = await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId, isPublic: true }, { isPublic: false, publishedAt: null });
  if (unpublished === 1) {
    await Promise.all([versions.galleryAndFeedChanged(ownerId), versions.videosChanged(ownerId)]);
    return;
  }
  if ((await em.count(GalleryItem, { id: itemId, owner: ownerId })) === 0) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
}
