import { GalleryItem, Transformation, Upload, Video, type EntityManager } from '@atelier/db';
import { storageKeyOf } from '../media/urls';

/**
 * Every stored file that is this account's own: its uploads (pictures, references, composites),
 * its results, its videos and their posters, and whatever its gallery items show. Another
 * member's picture that one of its items names as original is not among them.
 */
export async function ownedFileKeys(em: EntityManager, userId: number): Promise<string[]> {
  const [uploads, results, videos, items] = await Promise.all([
    em.find(Upload, { owner: userId }, { fields: ['storageKey'] }),
    em.find(Transformation, { owner: userId, resultKey: { $ne: null } }, { fields: ['resultKey'] }),
    em.find(Video, { owner: userId }, { fields: ['videoUrl', 'thumbnailPath'] }),
    em.find(GalleryItem, { owner: userId }, { fields: ['transformedImagePath', 'thumbnailPath', 'videoUrl'] }),
  ]);
  const urls = [
    ...videos.flatMap((video) => [video.videoUrl, video.thumbnailPath]),
    ...items.flatMap((item) => [item.transformedImagePath, item.thumbnailPath, item.videoUrl]),
  ];
  const keys = [
    ...uploads.map((upload) => upload.storageKey),
    ...results.map((result) => result.resultKey),
    ...urls.map((url) => (url ? storageKeyOf(url) : null)),
  ];
  return [...new Set(keys.filter((key): key is string => key !== null))].sort();
}
