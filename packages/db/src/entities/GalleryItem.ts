import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const GalleryItem = defineEntity({
  name: 'GalleryItem',
  tableName: 'gallery_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    mediaType: p.string().length(8).default('image'),
    transformationType: p.string().length(64).nullable(),
    transformationOption: p.string().length(500).nullable(),
    transformedImagePath: p.string().length(255),
    originalImagePath: p.string().length(255).nullable(),
    description: p.text().nullable(),
    transformationPrompt: p.text().nullable(),
    videoUrl: p.string().length(255).nullable(),
    thumbnailPath: p.string().length(255).nullable(),
    isFavorite: p.boolean().default(false),
    sessionKey: p.string().length(64).nullable(),
    isPublic: p.boolean().default(false),
    /** Once published, whether the untouched original is shown with the result. */
    originalPublic: p.boolean().default(true),
    publishedAt: p.datetime(3).nullable(),
    likesCount: p.integer().default(0),
    /** The engine that made the picture ('local' or 'replicate'); null for items saved before it was kept. */
    engine: p.string().length(32).nullable(),
    /** The cloud models that made it, in the order they ran ("owner/name"); null for the local engine and older items. */
    models: p.json<string[]>().nullable(),
    /**
     * Taken off the public side by an administrator (`moderation`, with the statement of reasons
     * its owner reads) or with its owner's suspended account (`suspension`); null while it is not.
     */
    hiddenBy: p.string().length(16).$type<'moderation' | 'suspension'>().nullable(),
    hiddenAt: p.datetime(3).nullable(),
    moderationStatement: p.text().nullable(),
    /** The owner asked once for the decision to be looked at again. */
    reviewRequestedAt: p.datetime(3).nullable(),
    createdAt: createdAt(),
  },
  uniques: [{ properties: ['owner', 'transformedImagePath'] }],
  indexes: [
    { properties: ['owner', 'createdAt'] },
    { properties: ['isPublic', 'publishedAt'] },
    // A media request asks whether a published post shows its file: one lookup per column.
    { properties: ['transformedImagePath'] },
    { properties: ['originalImagePath'] },
    { properties: ['videoUrl'] },
  ],
});
export type GalleryItem = InferEntity<typeof GalleryItem>;
