import { GalleryItem, UniqueConstraintViolationException, type EntityManager } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { publishGalleryItem } from '../feed/publish';
import { VIDEO_MEDIA_TYPE } from '../gallery/item';
import { canViewMedia } from '../media/access';
import { storageKeyOf } from '../media/urls';
import { AppError } from '../shared/errors';
import { findOwnVideo } from './videos';

const notReady = 'Vidéo pas encore disponible.';

/**
 * A published video is a gallery item of media type `video`: its poster as the picture, its
 * source as the original, the clip as `videoUrl`. So the feed, likes and the public page treat
 * images and videos alike, and the owner's image gallery leaves these items out.
 */
async function videoPostOf(em: EntityManager, ownerId: number, videoId: number): Promise<GalleryItem> {
  const video = await findOwnVideo(em, ownerId, videoId);
  if (!video.isAccessible || !video.thumbnailPath) throw new AppError('CONFLICT', notReady);
  const existing = await em.findOne(GalleryItem, {
    owner: ownerId,
    mediaType: VIDEO_MEDIA_TYPE,
    videoUrl: video.videoUrl,
  });
  if (existing) return existing;
  // A video filmed from someone's published original shows it only while its owner still does.
  const sourceKey = storageKeyOf(video.sourceImage);
  const post = em.create(GalleryItem, {
    owner: ownerId,
    mediaType: VIDEO_MEDIA_TYPE,
    transformedImagePath: video.thumbnailPath,
    originalImagePath: sourceKey !== null && (await canViewMedia(em, ownerId, sourceKey)) ? video.sourceImage : null,
    videoUrl: video.videoUrl,
    thumbnailPath: video.thumbnailPath,
    createdAt: video.createdAt,
  });
  try {
    await em.flush();
    return post;
  } catch (error) {
    // Two publications at once: the (owner, picture) key lets one through; the other reads it.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    return em.fork().findOneOrFail(GalleryItem, { owner: ownerId, transformedImagePath: video.thumbnailPath });
  }
}

/** Publishes one of the owner's finished videos; publishing again keeps the first date. */
export async function publishVideo(
  deps: Pick<ServiceDeps, 'em' | 'listVersions'>,
  { ownerId, videoId }: { ownerId: number; videoId: number },
): Promise<{ postId: number }> {
  const post = await videoPostOf(deps.em, ownerId, videoId);
  await publishGalleryItem(deps, { ownerId, itemId: post.id });
  await deps.listVersions.videosChanged(ownerId);
  return { postId: post.id };
}
