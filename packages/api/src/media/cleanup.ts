import { GalleryItem, Transformation, User, type EntityManager } from '@atelier/db';
import type { MediaDeps } from './deps';
import { storageKeyOf } from './urls';

/**
 * After gallery items are deleted: a generated result that no gallery item shows any more is
 * deleted from storage, leaves the image library and stops being where the studio starts.
 * Uploads stay — they are the user's pictures and may be transformed again.
 */
export async function discardUnusedResults(em: EntityManager, media: MediaDeps, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const key = storageKeyOf(path);
    if (!key?.startsWith('results/')) continue;
    if ((await em.count(GalleryItem, { transformedImagePath: path })) > 0) continue;
    await em.nativeUpdate(Transformation, { resultKey: key }, { resultKey: null });
    await em.nativeUpdate(User, { lastUsedImage: path }, { lastUsedImage: null });
    await media.storage.delete(key);
  }
}
