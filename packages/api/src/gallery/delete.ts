import { GalleryItem, Upload, type EntityManager } from '@atelier/db';
import { discardUnusedResults } from '../media/cleanup';
import { storageKeyOf } from '../media/urls';
import type { MediaDeps } from '../media/deps';
import type { ListVersions } from '../shared/list-versions';
import { VIDEO_MEDIA_TYPE } from './item';

export interface DeleteResult {
  deletedCount: number;
}

/**
 * Another account's items naming one of these originals lose it: an original belongs to the
 * items of the account that uploaded it, so once that account withdraws its post no one else's
 * item keeps it (or publishes it again).
 */
async function withdrawBorrowedOriginals(em: EntityManager, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const key = storageKeyOf(path);
    const upload = key === null ? null : await em.findOne(Upload, { storageKey: key }, { fields: ['owner'] });
    if (upload) await em.nativeUpdate(GalleryItem, { originalImagePath: path, owner: { $ne: upload.owner.id } }, { originalImagePath: null });
  }
}

/**
 * Removes those of `ids` that belong to the owner (anyone else's ids are left alone), with the
 * generated files no other item shows.
 */
export async function deleteGalleryItems(
  em: EntityManager,
  versions: ListVersions,
  media: MediaDeps,
  ownerId: number,
  ids: number[],
): Promise<DeleteResult> {
  const owned = await em.find(
    GalleryItem,
    { id: { $in: ids }, owner: ownerId, mediaType: { $ne: VIDEO_MEDIA_TYPE } },
    { fields: ['transformedImagePath', 'originalImagePath', 'thumbnailPath', 'videoUrl', 'isPublic'] },
  );
  if (owned.length === 0) return { deletedCount: 0 };

  const deletedCount = await em.nativeDelete(GalleryItem, { id: { $in: owned.map((item) => item.id) }, owner: ownerId });
  if (deletedCount > 0) {
    await (owned.some((item) => item.isPublic) ? versions.galleryAndFeedChanged(ownerId) : versions.galleryChanged(ownerId));
  }
  await discardUnusedResults(em, media, [...new Set(owned.map((item) => item.transformedImagePath))]);
  await withdrawBorrowedOriginals(em, [...new Set(owned.flatMap((item) => (item.originalImagePath ? [item.originalImagePath] : [])))]);
  return { deletedCount };
}
