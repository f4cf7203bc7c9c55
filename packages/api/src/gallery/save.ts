import { GalleryItem, Transformation, UniqueConstraintViolationException, type EntityManager } from '@atelier/db';
import { canViewMedia } from '../media/access';
import { MEDIA_URL_PREFIX } from '../media/urls';
import { AppError } from '../shared/errors';
import type { ListVersions } from '../shared/list-versions';
import { galleryMessages } from './messages';

export interface SaveRequest {
  /** `/api/media/<key>` of a result of the owner's own transformation. */
  transformedImagePath: string;
  originalImagePath: string | null;
  transformationType: string | null;
  transformationOption: string | null;
  transformationPrompt: string | null;
  sessionKey: string | null;
}

function storageKeyIn(path: string): string | null {
  return path.startsWith(MEDIA_URL_PREFIX) ? path.slice(MEDIA_URL_PREFIX.length) : null;
}

/** The owner's own succeeded transformation that produced this result, if any. */
async function ownResult(em: EntityManager, ownerId: number, path: string): Promise<Transformation | null> {
  const key = storageKeyIn(path);
  return key === null ? null : em.findOne(Transformation, { owner: ownerId, status: 'succeeded', resultKey: key });
}

/** The original goes public with the item, so it must be an image its owner may already see. */
async function isViewableOriginal(em: EntityManager, ownerId: number, path: string): Promise<boolean> {
  const key = storageKeyIn(path);
  return key !== null && (await canViewMedia(em, ownerId, key));
}

/**
 * Keeps a result of the owner's own transformation in their gallery. Saving the same result
 * again returns the item already there, also when two saves race: the (owner, path) unique key
 * lets one insert through and the other reads the winner's row.
 */
export async function saveToGallery(em: EntityManager, versions: ListVersions, ownerId: number, request: SaveRequest): Promise<GalleryItem> {
  const path = request.transformedImagePath;
  const existing = await em.findOne(GalleryItem, { owner: ownerId, transformedImagePath: path });
  if (existing) return existing;

  const transformation = await ownResult(em, ownerId, path);
  if (!transformation) throw new AppError('NOT_FOUND', galleryMessages.resultNotFound);
  if (request.originalImagePath !== null && !(await isViewableOriginal(em, ownerId, request.originalImagePath))) {
    throw new AppError('NOT_FOUND', galleryMessages.originalNotFound);
  }
  try {
    const id = await em.insert(GalleryItem, {
      owner: ownerId,
      mediaType: 'image',
      transformedImagePath: path,
      originalImagePath: request.originalImagePath,
      transformationType: request.transformationType,
      transformationOption: request.transformationOption,
      // The feed shows a description; until people can write one, it names the options applied.
      description: request.transformationOption,
      transformationPrompt: request.transformationPrompt,
      sessionKey: request.sessionKey,
      engine: transformation.engine,
      createdAt: new Date(),
    });
    versions.galleryChanged(ownerId);
    return await em.findOneOrFail(GalleryItem, id);
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      return em.findOneOrFail(GalleryItem, { owner: ownerId, transformedImagePath: path });
    }
    throw error;
  }
}
