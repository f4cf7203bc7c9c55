import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { GalleryItem } from './GalleryItem';
import { User } from './User';

export const Like = defineEntity({
  name: 'Like',
  tableName: 'likes',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    item: () => p.manyToOne(GalleryItem).deleteRule('cascade'),
    createdAt: createdAt(),
  },
  uniques: [{ properties: ['user', 'item'] }],
});
export type Like = InferEntity<typeof Like>;
