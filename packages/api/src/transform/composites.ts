import {
  combine,
  referenceComposite,
  sideBySide,
  type CombineLayout,
  type ReferenceImages,
  type ReferenceSlot,
} from '@atelier/media';
import { Transformation } from '@atelier/db';
import { canViewMedia } from '../media/access';
import type { ServiceDeps } from '../deps';
import { mediaFailure } from '../media/errors';
import { readViewableImage } from '../media/source-image';
import { mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';
import { ensureUploadRoom } from '../shared/quotas';
import { recordUpload, type UploadDeps } from './uploads';

export const compositeMessages = {
  stitchUnavailable: 'Image non disponible',
} as const;

/** Stores a composite as one of the user's uploads, so it can be transformed like any picture (within the quota). */
async function storeComposite(
  deps: UploadDeps,
  { userId, image, width, height }: { userId: number; image: Buffer; width: number; height: number },
) {
  await ensureUploadRoom(deps, { ownerId: userId, bytes: image.length });
  const key = await deps.media.storage.put('composites', image, 'jpg');
  await recordUpload(deps, {
    userId,
    storageKey: key,
    size: image.length,
    mime: 'image/jpeg',
    width,
    height,
    isComposite: true,
  });
  return mediaUrl(key);
}

/** The workflow's COMBINE node: two or more of the user's images laid out in one picture. */
export async function combineImages(
  deps: UploadDeps,
  {
    userId,
    ...input
  }: { userId: number; imageUrls: string[]; importance?: number[] | undefined; layout: CombineLayout },
) {
  const images: Buffer[] = [];
  for (const url of input.imageUrls) images.push((await readViewableImage(deps, { userId, url })).image);
  const combined = await combine(images, input.importance ?? images.map(() => 1), input.layout).catch(
    (error: unknown) => {
      throw mediaFailure(error);
    },
  );
  const path = await storeComposite(deps, { userId, ...combined });
  return { success: true as const, compositeImage: path, compositeImagePath: path };
}

/** The main picture with the face, body, environment and style references beside it. */
export async function composeWithReferences(
  deps: UploadDeps,
  {
    userId,
    ...input
  }: {
    userId: number;
    mainImage: string;
    referenceImages: Partial<Record<ReferenceSlot, string>>;
    referenceImportance?: Partial<Record<ReferenceSlot, number>> | undefined;
  },
) {
  const main = await readViewableImage(deps, { userId, url: input.mainImage });
  const references: ReferenceImages = {};
  for (const [slot, url] of Object.entries(input.referenceImages) as [ReferenceSlot, string][]) {
    references[slot] = {
      image: (await readViewableImage(deps, { userId, url })).image,
      importance: input.referenceImportance?.[slot] ?? 1,
    };
  }
  const composite = await referenceComposite(main.image, references).catch((error: unknown) => {
    throw mediaFailure(error);
  });
  return {
    compositePath: await storeComposite(deps, { userId, ...composite }),
  };
}

/**
 * The before|after picture of a result, named by its file name: shown to whoever may see both its
 * halves, so to anyone only once the result and its original are published.
 */
export async function stitchedView(
  { em, media }: Pick<ServiceDeps, 'em' | 'media'>,
  { viewerId, filename }: { viewerId: number | null; filename: string },
): Promise<Buffer> {
  const transformation = /^[0-9a-f-]{36}\.jpg$/.test(filename)
    ? await em.findOne(Transformation, { resultFile: filename, status: 'succeeded' }, { populate: ['upload'] })
    : null;
  const originalKey = transformation?.upload?.storageKey;
  const resultKey = transformation?.resultKey;
  const allowed =
    originalKey &&
    resultKey &&
    (await canViewMedia(em, viewerId, resultKey)) &&
    (await canViewMedia(em, viewerId, originalKey));
  if (!allowed) throw new AppError('NOT_FOUND', compositeMessages.stitchUnavailable);
  try {
    return await media.renders.stitch(originalKey, resultKey, async () => {
      const [original, result] = await Promise.all([media.storage.get(originalKey), media.storage.get(resultKey)]);
      return (await sideBySide(original, result)).image;
    });
  } catch (error) {
    throw mediaFailure(error);
  }
}
