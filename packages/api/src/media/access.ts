import { GalleryItem, Transformation, Upload, Video, type EntityManager } from '@atelier/db';
import { mediaUrl } from './urls';

/**
 * Whether a stored file may be shown to this viewer: its owner always; anyone when it belongs to
 * a published post. Everything else answers as if the file did not exist.
 */
export async function canViewMedia(em: EntityManager, viewerId: number | null, key: string): Promise<boolean> {
  const url = mediaUrl(key);
  // One indexed lookup per path a post shows (an OR of the three would scan every public post).
  const shownBy = [{ transformedImagePath: url }, { originalImagePath: url, originalPublic: true }, { videoUrl: url }];
  for (const where of shownBy) if ((await em.count(GalleryItem, { ...where, isPublic: true })) > 0) return true;
  if (viewerId === null) return false;
  const ownedBy = [
    () => em.count(Upload, { owner: viewerId, storageKey: key }),
    () => em.count(Transformation, { owner: viewerId, resultKey: key }),
    () => em.count(Video, { owner: viewerId, $or: [{ videoUrl: url }, { thumbnailPath: url }] }),
    () => em.count(GalleryItem, { owner: viewerId, $or: [{ transformedImagePath: url }, { originalImagePath: url }] }),
  ];
  for (const count of ownedBy) if ((await count()) > 0) return true;
  return false;
}
