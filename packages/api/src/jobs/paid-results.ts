import { GalleryItem, GenerationJob, Video, type EntityManager } from '@atelier/db';

/** The ledger reference of a job's credits: held when it starts, settled or released when it ends. */
export const holdRef = (jobId: number) => `job:${jobId}`;

const HOLD_REF = /^job:(\d+)$/;

/**
 * The results that ledger entries paid for, by reference, while the member still has them in
 * their gallery: a deleted picture or video has no link to follow.
 */
export async function paidResults(
  em: EntityManager,
  userId: number,
  refs: readonly string[],
): Promise<Map<string, string>> {
  const jobIds = refs.flatMap((ref) => HOLD_REF.exec(ref)?.[1] ?? []).map(Number);
  if (jobIds.length === 0) return new Map();
  const jobs = await em.find(GenerationJob, { id: { $in: jobIds }, owner: userId, status: 'succeeded' });
  const urlOf = (job: GenerationJob) =>
    job.result?.[job.kind === 'video' ? 'videoUrl' : 'resultUrl'] as string | undefined;
  const urls = jobs.flatMap((job) => urlOf(job) ?? []);
  if (urls.length === 0) return new Map();
  const [pictures, videos] = await Promise.all([
    em.find(GalleryItem, { owner: userId, transformedImagePath: { $in: urls } }, { fields: ['transformedImagePath'] }),
    em.find(Video, { owner: userId, videoUrl: { $in: urls }, status: 'ready' }, { fields: ['videoUrl'] }),
  ]);
  const kept = new Set([
    ...pictures.map((item) => item.transformedImagePath),
    ...videos.map((video) => video.videoUrl),
  ]);
  return new Map(
    jobs.flatMap((job) => {
      const url = urlOf(job);
      return url && kept.has(url) ? [[holdRef(job.id), url] as const] : [];
    }),
  );
}
