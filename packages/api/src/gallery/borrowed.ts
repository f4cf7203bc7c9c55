import { GalleryItem, Upload, type EntityManager } from '@atelier/db';
import { storageKeyOf } from '../media/urls';

/**
 * Another account's items naming one of these originals lose it: an original belongs to the
 * items of the account that uploaded it, so once that account deletes, unpublishes or stops
 * showing its post's original, no one else's item keeps it (or publishes it again). Such items
 * are made by rendering or filming someone's published original.
 */
export async function withdrawBorrowedOriginals(em: EntityManager, paths: readonly (string | null)[]): Promise<void> {
  for (const path of new Set(paths)) {
    const key = path === null ? null : storageKeyOf(path);
    const upload = key === null ? null : await em.findOne(Upload, { storageKey: key }, { fields: ['owner'] });
    if (upload)
      await em.nativeUpdate(
        GalleryItem,
        { originalImagePath: path, owner: { $ne: upload.owner.id } },
        { originalImagePath: null },
      );
  }
}
