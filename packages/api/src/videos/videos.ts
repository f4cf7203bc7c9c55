import { buildVideoPrompt, VIDEO_DEFAULTS } from '@atelier/catalog';
import { Video, type EntityManager } from '@atelier/db';
import { MEDIA_MESSAGES } from '@atelier/media';
import { withCreditHold } from '../credits/hold';
import { VIDEO_COST } from '../credits/ledger';
import type { MediaDeps } from '../media/deps';
import { mediaFailure } from '../media/errors';
import { readViewableImage } from '../media/source-image';
import { mediaUrl, storageKeyOf } from '../media/urls';
import { AppError } from '../shared/errors';

export const videoMessages = {
  notFound: 'Vidéo introuvable.',
  badUrl: "Erreur lors de l'extraction de l'URL vidéo. Veuillez réessayer.",
} as const;

/** The spec's marker for a video that is not ready yet: its address starts with `{address}`. */
export const PENDING_VIDEO_URL = '{address}';

export function toVideoRecord(video: Video) {
  return {
    id: video.id,
    userId: video.owner.id,
    sourceImage: video.sourceImage,
    videoUrl: video.videoUrl,
    thumbnailPath: video.thumbnailPath ?? null,
    prompt: video.prompt,
    duration: video.duration,
    resolution: video.resolution,
    createdAt: video.createdAt,
    isAccessible: video.isAccessible,
    source: video.source,
    status: video.status,
  };
}

function sourceLabel(engineName: string): string {
  return engineName === 'replicate' ? 'Replicate' : 'Local';
}

/** The card shown while a video is made: not accessible, its address the pending marker. */
export async function createPlaceholder(
  em: EntityManager,
  media: MediaDeps,
  userId: number,
  input: { sourceImagePath: string; prompt: string; placeholderId: string },
) {
  const existing = await em.findOne(Video, { owner: userId, placeholderId: input.placeholderId });
  if (existing) return toVideoRecord(existing);
  const video = em.create(Video, {
    owner: userId,
    sourceImage: input.sourceImagePath,
    videoUrl: `${PENDING_VIDEO_URL}/${input.placeholderId}`,
    prompt: input.prompt,
    duration: VIDEO_DEFAULTS.duration,
    resolution: VIDEO_DEFAULTS.resolution,
    status: 'pending',
    placeholderId: input.placeholderId,
    isAccessible: false,
    source: sourceLabel(media.videos.name),
    createdAt: new Date(),
  });
  await em.flush();
  return toVideoRecord(video);
}

/**
 * A 6-second video from one of the user's images, paid like an image (50 credits, only when it
 * succeeds). It fills the newest pending placeholder for that image, or makes a new record.
 */
export async function generateVideo(em: EntityManager, media: MediaDeps, userId: number, input: { imageUrl: string; prompt?: string | undefined }) {
  const source = await readViewableImage(em, media, userId, input.imageUrl);
  const prompt = input.prompt?.trim() || buildVideoPrompt({});
  const video =
    (await em.findOne(Video, { owner: userId, sourceImage: input.imageUrl, status: 'pending' }, { orderBy: { id: 'desc' } })) ??
    em.create(Video, {
      owner: userId,
      sourceImage: input.imageUrl,
      videoUrl: `${PENDING_VIDEO_URL}/${Date.now()}`,
      prompt,
      duration: VIDEO_DEFAULTS.duration,
      resolution: VIDEO_DEFAULTS.resolution,
      status: 'pending',
      isAccessible: false,
      source: sourceLabel(media.videos.name),
      createdAt: new Date(),
    });
  await em.flush();

  try {
    const stored = await withCreditHold(
      em,
      { userId, cost: VIDEO_COST, externalRef: `video:${video.id}`, description: 'Génération vidéo', reason: 'video' },
      async () => {
        const generated = await media.videos.generate({ image: source.image, prompt, duration: VIDEO_DEFAULTS.duration, resolution: VIDEO_DEFAULTS.resolution });
        const [videoKey, posterKey] = await Promise.all([
          media.storage.put('videos', generated.video, 'mp4'),
          media.storage.put('posters', generated.poster, 'jpg'),
        ]);
        return { videoKey, posterKey };
      },
    );
    Object.assign(video, { videoUrl: mediaUrl(stored.videoKey), thumbnailPath: mediaUrl(stored.posterKey), status: 'ready', isAccessible: true, prompt });
    await em.flush();
    return { success: true as const, videoUrl: video.videoUrl, video: toVideoRecord(video) };
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'INSUFFICIENT_CREDITS') throw error;
    const failure = mediaFailure(error);
    Object.assign(video, { status: 'failed', error: failure.message });
    await em.flush();
    throw new AppError(failure.appCode, failure.appCode === 'UPSTREAM' ? MEDIA_MESSAGES.videoFailed : failure.message, { cause: error });
  }
}

/** The client confirms the placeholder now points at its video: only the user's own finished video. */
export async function updatePlaceholder(em: EntityManager, userId: number, input: { videoUrl: string; sourceImagePath: string }) {
  const key = storageKeyOf(input.videoUrl);
  const video = key ? await em.findOne(Video, { owner: userId, videoUrl: input.videoUrl }) : null;
  if (!video) throw new AppError('VALIDATION', videoMessages.badUrl);
  return toVideoRecord(video);
}

export async function listVideos(em: EntityManager, userId: number, page: { limit: number; offset: number }) {
  const [videos, totalVideos] = await em.findAndCount(Video, { owner: userId, status: { $ne: 'failed' } }, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: page.limit,
    offset: page.offset,
  });
  return { success: true as const, videos: videos.map(toVideoRecord), totalVideos };
}

export async function findOwnVideo(em: EntityManager, userId: number, id: number): Promise<Video> {
  const video = await em.findOne(Video, { id, owner: userId });
  if (!video) throw new AppError('NOT_FOUND', videoMessages.notFound);
  return video;
}

/** Removes the record and its files. */
export async function deleteVideo(em: EntityManager, media: MediaDeps, userId: number, id: number) {
  const video = await findOwnVideo(em, userId, id);
  const keys = [video.videoUrl, video.thumbnailPath].map((url) => (url ? storageKeyOf(url) : null)).filter((key): key is string => key !== null);
  await em.nativeDelete(Video, { id: video.id });
  await Promise.all(keys.map((key) => media.storage.delete(key)));
  return { success: true as const };
}
