import type { ColorChoices, Selection } from '@atelier/catalog';
import { Upload, User, type EntityManager } from '@atelier/db';
import { storeUpload } from '@atelier/media';
import type { ServiceDeps } from '../deps';
import { mediaFailure } from '../media/errors';
import { mediaUrl } from '../media/urls';
import { ensureUploadRoom, recordWithinQuota, type QuotaDeps } from '../shared/quotas';

export interface NewUpload {
  image: Uint8Array;
  /** The documented free text describing the wanted transformation. */
  style?: string | undefined;
  /** The structured choice the web app sends beside the text. */
  selection?: Selection | undefined;
  colors?: ColorChoices | undefined;
  isComposite?: boolean | undefined;
}

/** What storing a picture as an upload reads and writes: the database, the storage, the quota. */
export type UploadDeps = QuotaDeps & Pick<ServiceDeps, 'media'>;

/** What is recorded of a stored picture beside its owner and date. */
type StoredPicture = Pick<Upload, 'storageKey' | 'size' | 'mime' | 'width' | 'height'> &
  Partial<Pick<Upload, 'style' | 'selection' | 'isComposite'>>;

/**
 * Records a stored picture as the user's if the quota still has room for it (simultaneous
 * uploads take turns, see recordWithinQuota); the file is removed when it cannot be recorded.
 */
export async function recordUpload(
  deps: UploadDeps,
  { userId, ...picture }: StoredPicture & { userId: number },
): Promise<number> {
  try {
    return await recordWithinQuota(deps, {
      ownerId: userId,
      ensureRoom: (tx) => ensureUploadRoom({ ...deps, em: tx }, { ownerId: userId, bytes: picture.size }),
      record: (tx) => tx.insert(Upload, { ...picture, owner: userId, createdAt: new Date() }),
    });
  } catch (error) {
    await deps.media.storage.delete(picture.storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Checks and normalises the picture (size, real image type, pixel limit, orientation, no
 * metadata), stores it, and records it as the user's. Nothing is stored for a refused file, nor
 * past the account's quota.
 */
export async function createUpload(deps: UploadDeps, { userId, ...input }: NewUpload & { userId: number }) {
  await ensureUploadRoom(deps, { ownerId: userId, bytes: input.image.byteLength });
  const stored = await storeUpload(
    deps.media.storage,
    Buffer.from(input.image.buffer, input.image.byteOffset, input.image.byteLength),
  ).catch((error: unknown) => {
    throw mediaFailure(error);
  });
  const id = await recordUpload(deps, {
    userId,
    storageKey: stored.key,
    size: stored.size,
    mime: stored.mime,
    width: stored.width,
    height: stored.height,
    style: input.style ?? null,
    selection:
      input.selection || input.colors ? { selection: input.selection ?? {}, colors: input.colors ?? {} } : null,
    isComposite: input.isComposite ?? false,
  });
  return { id, imagePath: mediaUrl(stored.key), width: stored.width, height: stored.height };
}

/** The studio opens on the picture the user last worked on. */
export async function rememberLastUsedImage(em: EntityManager, userId: number, imagePath: string): Promise<void> {
  await em.nativeUpdate(User, { id: userId }, { lastUsedImage: imagePath });
}
