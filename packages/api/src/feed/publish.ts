import { GalleryItem } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { withdrawBorrowedOriginals } from '../gallery/borrowed';
import { galleryMessages } from '../gallery/messages';
import { moderationMessages } from '../moderation/messages';
import { AppError } from '../shared/errors';

/**
 * Makes one of the owner's items public, the result alone unless `withOriginal` asks for its
 * untouched original too (as the studio's dialog does: a photo of someone is not shown unasked).
 * Publishing again keeps the first publication date and applies the choice about the original;
 * anyone else's item answers as if it did not exist.
 */
export async function publishGalleryItem(
  { em, listVersions: versions }: Pick<ServiceDeps, 'em' | 'listVersions'>,
  { ownerId, itemId, withOriginal = false }: { ownerId: number; itemId: number; withOriginal?: boolean | undefined },
): Promise<void> {
  const item = await em.findOne(
    GalleryItem,
    { id: itemId, owner: ownerId },
    { fields: ['isPublic', 'originalPublic', 'originalImagePath', 'hiddenBy'] },
  );
  if (!item) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
  // Hidden by a decision (or with a suspended account): only an administrator puts it back.
  if (item.hiddenBy) throw new AppError('CONFLICT', moderationMessages.hiddenCannotBePublished);
  if (item.isPublic && item.originalPublic === withOriginal) return;
  const published = await em.nativeUpdate(
    GalleryItem,
    { id: itemId, owner: ownerId, isPublic: false, hiddenBy: null },
    { isPublic: true, publishedAt: new Date(), originalPublic: withOriginal },
  );
  if (published === 0)
    await em.nativeUpdate(GalleryItem, { id: itemId, owner: ownerId }, { originalPublic: withOriginal });
  if (!withOriginal) await withdrawBorrowedOriginals(em, versions, [item.originalImagePath ?? null]);
  await versions.galleryAndFeedChanged(ownerId);
}

/**
 * Takes one of the owner's posts off the feed and its public page, with its original wherever
 * another member's item borrowed it; its likes are kept for a later publication. Unpublishing a private item changes nothing; anyone else's answers as if it did not exist.
 */
export async function unpublishGalleryItem(
  { em, listVersions: versions }: Pick<ServiceDeps, 'em' | 'listVersions'>,
  { ownerId, itemId }: { ownerId: number; itemId: number },
): Promise<void> {
  const item = await em.findOne(GalleryItem, { id: itemId, owner: ownerId }, { fields: ['originalImagePath'] });
  if (!item) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
  const unpublished = await em.nativeUpdate(
    GalleryItem,
    { id: itemId, owner: ownerId, isPublic: true },
    { isPublic: false, publishedAt: null },
  );
  if (unpublished === 0) return;
  await withdrawBorrowedOriginals(em, versions, [item.originalImagePath ?? null]);
  await Promise.all([versions.galleryAndFeedChanged(ownerId), versions.videosChanged(ownerId)]);
}
