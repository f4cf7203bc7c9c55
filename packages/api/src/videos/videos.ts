import { buildVideoPrompt, VIDEO_DEFAULTS } from '@atelier/catalog';
import { GalleryItem, UniqueConstraintViolationException, Video, type EntityManager } from '@atelier/db';
import { JobService } from '../jobs/service';
import type { ServiceDeps } from '../deps';
import { viewableImageKey } from '../media/source-image';
import { storageKeyOf } from '../media/urls';
import { AppError } from '../shared/errors';
import { VIDEO_MEDIA_TYPE } from '../gallery/item';

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
    /** The generation making it, whose progress the card shows. */
    jobId: video.jobId ?? null,
  };
}

function sourceLabel(engineName: string): string {
  return engineName === 'replicate' ? 'Replicate' : 'Local';
}

/**
 * The card shown while a video is made: not accessible, its address the pending marker. Asking
 * for the same placeholder again returns its card, also when two requests race: the (owner,
 * placeholder) unique key lets one insert through and the other reads the winner's row.
 */
export async function createPlaceholder(
  { em, media }: Pick<ServiceDeps, 'em' | 'media'>,
  { userId, ...input }: { userId: number; sourceImagePath: string; prompt: string; placeholderId: string },
) {
  // The same rule as the video's own: one's own picture, or a published one.
  await viewableImageKey(em, userId, input.sourceImagePath);
  const placeholder = { owner: userId, placeholderId: input.placeholderId };
  const existing = await em.findOne(Video, placeholder);
  if (existing) return toVideoRecord(existing);
  try {
    await em.insert(Video, {
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
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return toVideoRecord(await em.findOneOrFail(Video, placeholder));
}

/**
 * A 6-second video from one of the user's images, as a job paid its quoted price (only
 * when it succeeds). The job fills the newest pending card for that image that no other job has
 * taken, or makes a new card: two requests are two jobs, two cards, two payments.
 */
export async function generateVideo(
  { em, jobs, media }: Pick<ServiceDeps, 'em' | 'jobs' | 'media'>,
  { userId, waitMs, ...input }: { userId: number; imageUrl: string; prompt?: string | undefined; waitMs: number },
) {
  const sourceKey = await viewableImageKey(em, userId, input.imageUrl);
  const prompt = input.prompt?.trim() || buildVideoPrompt({});
  let videoId = 0;
  await jobs.workers.requireForWait(waitMs);
  const job = await jobs.submit(
    em,
    { userId, kind: 'video', input: { sourceKey, prompt } },
    // Its parameters typed, so TypeScript infers the input's part it returns (the card's id).
    async (tx: EntityManager, jobId: number) => {
      const free = await tx.findOne(
        Video,
        { owner: userId, sourceImage: input.imageUrl, status: 'pending', jobId: null },
        { orderBy: { id: 'desc' } },
      );
      const claimed = free ? await tx.nativeUpdate(Video, { id: free.id, jobId: null }, { jobId }) : 0;
      videoId =
        claimed === 1 && free
          ? free.id
          : await tx.insert(Video, {
              owner: userId,
              sourceImage: input.imageUrl,
              videoUrl: `${PENDING_VIDEO_URL}/job-${jobId}`,
              prompt,
              duration: VIDEO_DEFAULTS.duration,
              resolution: VIDEO_DEFAULTS.resolution,
              status: 'pending',
              isAccessible: false,
              source: sourceLabel(media.videos.name),
              jobId,
              createdAt: new Date(),
            });
      return { videoId };
    },
  );
  JobService.outcome(await jobs.wait(em, { id: job.id, kind: 'video' }, waitMs));
  const video = await em.findOneOrFail(Video, videoId, { disableIdentityMap: true });
  return {
    success: true as const,
    videoUrl: video.videoUrl,
    video: toVideoRecord(video),
    jobId: job.id,
    creditsCharged: job.credits,
  };
}

/** The client confirms the placeholder now points at its video: only the user's own finished video. */
export async function updatePlaceholder(
  em: EntityManager,
  userId: number,
  input: { videoUrl: string; sourceImagePath: string },
) {
  const key = storageKeyOf(input.videoUrl);
  const video = key ? await em.findOne(Video, { owner: userId, videoUrl: input.videoUrl }) : null;
  if (!video) throw new AppError('VALIDATION', videoMessages.badUrl);
  return toVideoRecord(video);
}

/** The posts of the owner's videos, by video address. */
async function postsOfVideos(
  em: EntityManager,
  ownerId: number,
  videoUrls: string[],
): Promise<Map<string, { id: number; isPublic: boolean }>> {
  if (videoUrls.length === 0) return new Map();
  const posts = await em.find(
    GalleryItem,
    { owner: ownerId, mediaType: VIDEO_MEDIA_TYPE, videoUrl: { $in: videoUrls } },
    { fields: ['videoUrl', 'isPublic'] },
  );
  return new Map(posts.map((post) => [post.videoUrl ?? '', { id: post.id, isPublic: post.isPublic }]));
}

export async function listVideos(em: EntityManager, userId: number, page: { limit: number; offset: number }) {
  const [videos, totalVideos] = await em.findAndCount(
    Video,
    { owner: userId, status: { $ne: 'failed' } },
    {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: page.limit,
      offset: page.offset,
    },
  );
  const posts = await postsOfVideos(
    em,
    userId,
    videos.map((video) => video.videoUrl),
  );
  const records = videos.map((video) => ({ ...toVideoRecord(video), post: posts.get(video.videoUrl) ?? null }));
  return { success: true as const, videos: records, totalVideos };
}

export async function findOwnVideo(em: EntityManager, userId: number, id: number): Promise<Video> {
  const video = await em.findOne(Video, { id, owner: userId });
  if (!video) throw new AppError('NOT_FOUND', videoMessages.notFound);
  return video;
}

/**
 * Removes the record, its post if it was published, and its files; a video still being made is
 * canceled first, and costs nothing. Says whether a public post went with it.
 */
export async function deleteVideo(
  { em, jobs, media }: Pick<ServiceDeps, 'em' | 'jobs' | 'media'>,
  { userId, id }: { userId: number; id: number },
) {
  const video = await findOwnVideo(em, userId, id);
  if (video.jobId) await jobs.cancel(em, userId, video.jobId).catch(() => undefined); // already finished: nothing to cancel
  const keys = [video.videoUrl, video.thumbnailPath]
    .map((url) => (url ? storageKeyOf(url) : null))
    .filter((key): key is string => key !== null);
  const wasPublic =
    (await em.count(GalleryItem, {
      owner: userId,
      mediaType: VIDEO_MEDIA_TYPE,
      videoUrl: video.videoUrl,
      isPublic: true,
    })) > 0;
  await em.nativeDelete(GalleryItem, { owner: userId, mediaType: VIDEO_MEDIA_TYPE, videoUrl: video.videoUrl });
  await em.nativeDelete(Video, { id: video.id });
  await Promise.all(keys.map((key) => media.storage.delete(key)));
  return { wasPublic };
}
