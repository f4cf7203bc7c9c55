import {
  GalleryItem,
  Transformation,
  UniqueConstraintViolationException,
  Upload,
  type EntityManager,
} from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { MEDIA_URL_PREFIX, mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';
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

/** The cloud models a transformation ran, as its job kept them in its options. */
function modelsOf(result: Transformation): string[] | null {
  const models = (result.options as { models?: unknown } | null)?.models;
  return Array.isArray(models) && models.every((model) => typeof model === 'string') ? models : null;
}

/** The owner's succeeded transformation that made `path`, with the picture it started from. */
async function ownResult(em: EntityManager, ownerId: number, path: string): Promise<Transformation | null> {
  const key = storageKeyIn(path);
  if (key === null) return null;
  return em.findOne(Transformation, { owner: ownerId, status: 'succeeded', resultKey: key }, { populate: ['upload'] });
}

/**
 * The original an item shows, which goes public with it: a picture its owner uploaded. A path
 * naming anything else (someone's published picture, an address the server cannot resolve) gives
 * way to the picture the transformation itself started from, when the server knows it.
 */
async function originalFor(
  em: EntityManager,
  ownerId: number,
  requested: string,
  result: Transformation,
): Promise<string> {
  const key = storageKeyIn(requested);
  if (key !== null && (await em.count(Upload, { owner: ownerId, storageKey: key })) > 0) return requested;
  const started = result.upload;
  if (started && started.owner.id === ownerId) return mediaUrl(started.storageKey);
  throw new AppError('NOT_FOUND', galleryMessages.originalNotFound);
}

/**
 * Keeps a result of the owner's own transformation in their gallery. Saving the same result
 * again returns the item already there, also when two saves race: the (owner, path) unique key
 * lets one insert through and the other reads the winner's row.
 */
export async function saveToGallery(
  { em, listVersions: versions }: Pick<ServiceDeps, 'em' | 'listVersions'>,
  { ownerId, ...request }: SaveRequest & { ownerId: number },
): Promise<GalleryItem> {
  const path = request.transformedImagePath;
  const existing = await em.findOne(GalleryItem, { owner: ownerId, transformedImagePath: path });
  if (existing) return existing;

  const result = await ownResult(em, ownerId, path);
  if (!result) throw new AppError('NOT_FOUND', galleryMessages.resultNotFound);
  const originalImagePath =
    request.originalImagePath === null ? null : await originalFor(em, ownerId, request.originalImagePath, result);
  try {
    const id = await em.insert(GalleryItem, {
      owner: ownerId,
      mediaType: 'image',
      transformedImagePath: path,
      originalImagePath,
      transformationType: request.transformationType,
      transformationOption: request.transformationOption,
      // The feed shows a description; until people can write one, it names the options applied.
      description: request.transformationOption,
      transformationPrompt: request.transformationPrompt,
      sessionKey: request.sessionKey,
      engine: result.engine,
      models: modelsOf(result),
      createdAt: new Date(),
    });
    await versions.galleryChanged(ownerId);
    return await em.findOneOrFail(GalleryItem, id);
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      return em.findOneOrFail(GalleryItem, { owner: ownerId, transformedImagePath: path });
    }
    throw error;
  }
}
