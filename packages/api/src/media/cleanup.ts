import { GalleryItem, Transformation, User, type EntityManager, type FilterQuery } from '@atelier/db';
import type { MediaDeps } from './deps';
import { storageKeyOf } from './urls';

/** Deletes a stored file and what was rendered from it: no copy of a deleted picture is kept. */
export async function deleteStoredFile(media: MediaDeps, key: string): Promise<void> {
  await media.storage.delete(key);
  await media.renders.forgetPreviews(key);
}

/**
 * After gallery items are deleted: a generated result that no gallery item shows any more is
 * deleted from storage, leaves the image library and stops being where the studio starts.
 * Uploads stay — they are the user's pictures and may be transformed again.
 */
/** The before/after pictures (original and result keys) of the transformations `where` picks. */
export async function stitchedPairs(
  em: EntityManager,
  where: FilterQuery<Transformation>,
): Promise<[string, string][]> {
  const made = await em.find(
    Transformation,
    { $and: [where, { resultKey: { $ne: null } }] },
    { fields: ['resultKey', 'upload.storageKey'] },
  );
  return made.flatMap((transformation) =>
    transformation.upload && transformation.resultKey
      ? [[transformation.upload.storageKey, transformation.resultKey] as [string, string]]
      : [],
  );
}

/** Deletes those before/after pictures from the render cache: what they show is gone. */
export async function forgetStitches(media: MediaDeps, pairs: readonly [string, string][]): Promise<void> {
  for (const [originalKey, resultKey] of pairs) await media.renders.forgetStitch(originalKey, resultKey);
}

export async function discardUnusedResults(
  em: EntityManager,
  media: MediaDeps,
  paths: readonly string[],
): Promise<void> {
  for (const path of paths) {
    const key = storageKeyOf(path);
    if (!key?.startsWith('results/')) continue;
    if ((await em.count(GalleryItem, { transformedImagePath: path })) > 0) continue;
    await forgetStitches(media, await stitchedPairs(em, { resultKey: key }));
    await em.nativeUpdate(Transformation, { resultKey: key }, { resultKey: null, resultFile: null });
    await em.nativeUpdate(User, { lastUsedImage: path }, { lastUsedImage: null });
    await deleteStoredFile(media, key);
  }
}
