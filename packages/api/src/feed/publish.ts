import { GalleryItem, type EntityManager } from '@atelier/db';
import { galleryMessages } from '../gallery/messages';
import { AppError } from '../shared/errors';
import type { ListVersions } from '../shared/list-versions';

/**
 * Makes one of the owner's items public. Publishing again changes nothing (the first
 * publication date stays); anyone else's item answers as if it did not exist.
 */
export async function publishGalleryItem(em: EntityManager, versions: ListVersions, ownerId: number, itemId: number): Promise<void> {
  const published = await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId, isPublic: false }, { isPublic: true, publishedAt: new Date() });
  if (published === 1) {
    versions.galleryChanged(ownerId);
    versions.feedChanged();
    return;
  }
  if ((await em.count(GalleryItem, { id: itemId, owner: ownerId })) === 0) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
}

/**
 * Takes one of the owner's posts off the feed and its public page; its likes are kept for a later
 * publication. Unpublishing a private item changes nothing; anyone else's answers as if it did not exist.
 */
export async function unpublishGalleryItem(em: EntityManager, versions: ListVersions, ownerId: number, itemId: number): Promise<void> {
  const unpublished = await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId, isPublic: true }, { isPublic: false, publishedAt: null });
  if (unpublished === 1) {
    versions.galleryChanged(ownerId);
    versions.videosChanged(ownerId);
    versions.feedChanged();
    return;
  }
  if ((await em.count(GalleryItem, { id: itemId, owner: ownerId })) === 0) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
}
