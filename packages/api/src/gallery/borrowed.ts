import { GalleryItem, Upload, type EntityManager } from '@atelier/db';
import { storageKeyOf } from '../media/urls';
import type { ListVersions } from '../shared/list-versions';

/**
 * Another account's items naming one of these originals lose it: an original belongs to the
 * items of the account that uploaded it, so once that account deletes, unpublishes or stops
 * showing its post's original, no one else's item keeps it (or publishes it again). Such items
 * are made by rendering or filming someone's published original. Their owners' open galleries
 * (and the feed) get a new version, so they refresh without it.
 */
export async function withdrawBorrowedOriginals(
  em: EntityManager,
  versions: ListVersions,
  paths: readonly (string | null)[],
): Promise<void> {
  for (const path of new Set(paths)) {
    const key = path === null ? null : storageKeyOf(path);
    const upload = key === null ? null : await em.findOne(Upload, { storageKey: key }, { fields: ['owner'] });
    if (!upload) continue;
    const borrowing = { originalImagePath: path, owner: { $ne: upload.owner.id } };
    const borrowers = await em.find(GalleryItem, borrowing, { fields: ['owner'], disableIdentityMap: true });
    if (borrowers.length === 0) continue;
    await em.nativeUpdate(GalleryItem, borrowing, { originalImagePath: null });
    for (const borrower of new Set(borrowers.map((item) => item.owner.id)))
      await versions.galleryAndFeedChanged(borrower);
  }
}
