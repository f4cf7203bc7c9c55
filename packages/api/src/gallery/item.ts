import type { GalleryItem } from '@atelier/db';
import { z } from 'zod';

/** The media type of a published video's post (see videos/publish.ts); every other item is an image. */
export const VIDEO_MEDIA_TYPE = 'video';

/** A gallery item as its owner sees it: the spec's fields, plus its publication and likes. */
export const galleryItemSchema = z.object({
  id: z.number(),
  userId: z.number(),
  mediaType: z.string(),
  transformationType: z.string().nullable(),
  transformationOption: z.string().nullable(),
  transformedImagePath: z.string(),
  originalImagePath: z.string().nullable(),
  description: z.string().nullable(),
  transformationPrompt: z.string().nullable(),
  videoUrl: z.string().nullable(),
  thumbnailPath: z.string().nullable(),
  isFavorite: z.boolean(),
  sessionKey: z.string().nullable(),
  isPublic: z.boolean(),
  publishedAt: z.date().nullable(),
  likesCount: z.number(),
  /** 'local' or 'replicate': the engine that made the picture; null when not known (older items). */
  engine: z.string().nullable(),
  /** The cloud models that made it, in order ("owner/name"); null for the local engine and older items. */
  models: z.array(z.string()).nullable(),
  createdAt: z.date(),
  /** Set while the moderation hid it: the decision's date, its statement of reasons, and whether a review was asked. */
  moderation: z
    .object({ hiddenAt: z.date(), statement: z.string(), reviewRequestedAt: z.date().nullable() })
    .nullable(),
});
export type GalleryItemView = z.infer<typeof galleryItemSchema>;

export function toGalleryItemView(item: GalleryItem): GalleryItemView {
  return {
    id: item.id,
    userId: item.owner.id,
    mediaType: item.mediaType,
    transformationType: item.transformationType ?? null,
    transformationOption: item.transformationOption ?? null,
    transformedImagePath: item.transformedImagePath,
    originalImagePath: item.originalImagePath ?? null,
    description: item.description ?? null,
    transformationPrompt: item.transformationPrompt ?? null,
    videoUrl: item.videoUrl ?? null,
    thumbnailPath: item.thumbnailPath ?? null,
    isFavorite: item.isFavorite,
    sessionKey: item.sessionKey ?? null,
    isPublic: item.isPublic,
    publishedAt: item.publishedAt ?? null,
    likesCount: item.likesCount,
    engine: item.engine ?? null,
    models: item.models ?? null,
    createdAt: item.createdAt,
    moderation:
      item.hiddenBy === 'moderation' && item.hiddenAt
        ? {
            hiddenAt: item.hiddenAt,
            statement: item.moderationStatement ?? '',
            reviewRequestedAt: item.reviewRequestedAt ?? null,
          }
        : null,
  };
}
