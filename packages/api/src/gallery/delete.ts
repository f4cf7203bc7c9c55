import { GalleryItem } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { discardUnusedResults } from '../media/cleanup';
import { withdrawBorrowedOriginals } from './borrowed';
import { VIDEO_MEDIA_TYPE } from './item';

export interface DeleteResult {
  deletedCount: number;
}

/**
 * Removes those of `ids` that belong to the owner (anyone else's ids are left alone), with the
 * generated files no other item shows.
 */
export async function deleteGalleryItems(
  { em, listVersions: versions, media }: Pick<ServiceDeps, 'em' | 'listVersions' | 'media'>,
  { ownerId, ids }: { ownerId: number; ids: number[] },
): Promise<DeleteResult> {
  const owned = await em.find(
    GalleryItem,
    { id: { $in: ids }, owner: ownerId, mediaType: { $ne: VIDEO_MEDIA_TYPE } },
    { fields: ['transformedImagePath', 'originalImagePath', 'thumbnailPath', 'videoUrl', 'isPublic'] },
  );
  if (owned.length === 0) return { deletedCount: 0 };

  const deletedCount = await em.nativeDelete(GalleryItem, {
    id: { $in: owned.map((item) => item.id) },
    owner: ownerId,
  });
  if (deletedCount > 0) {
    await (owned.some((item) => item.isPublic)
      ? versions.galleryAndFeedChanged(ownerId)
      : versions.galleryChanged(ownerId));
  }
  await discardUnusedResults(em, media, [...new Set(owned.map((item) => item.transformedImagePath))]);
  await withdrawBorrowedOriginals(
    em,
    versions,
    owned.map((item) => item.originalImagePath ?? null),
  );
  return { deletedCount };
}
