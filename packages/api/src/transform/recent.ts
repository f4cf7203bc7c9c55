import { Transformation, type EntityManager } from '@atelier/db';
import { mediaUrl } from '../media/urls';

/** The user's latest successful results, newest first: what the image library shows. */
export async function recentTransformations(em: EntityManager, userId: number, limit: number) {
  const rows = await em.find(
    Transformation,
    { owner: userId, status: 'succeeded', resultKey: { $ne: null } },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit, populate: ['upload'] },
  );
  return rows.map((row) => ({
    id: row.id,
    transformedImagePath: mediaUrl(row.resultKey!),
    originalImagePath: row.upload ? mediaUrl(row.upload.storageKey) : null,
    prompt: row.prompt,
    createdAt: row.createdAt,
  }));
}
