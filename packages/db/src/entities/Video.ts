import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const VIDEO_STATUSES = ['pending', 'ready', 'failed'] as const;

export const Video = defineEntity({
  name: 'Video',
  tableName: 'videos',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    sourceImage: p.string().length(255),
    videoUrl: p.string().length(255),
    thumbnailPath: p.string().length(255).nullable(),
    prompt: p.text(),
    duration: p.integer().default(6),
    resolution: p.string().length(16).default('768p'),
    status: p.string().length(16).$type<(typeof VIDEO_STATUSES)[number]>(),
    placeholderId: p.string().length(64).nullable(),
    isAccessible: p.boolean().default(false),
    source: p.string().length(32).default('Local'),
    error: p.text().nullable(),
    /** The generation job making this video; a placeholder is filled by one job only. */
    jobId: p.integer().nullable(),
    createdAt: createdAt(),
  },
  uniques: [{ properties: ['owner', 'placeholderId'] }],
  indexes: [{ properties: ['owner', 'createdAt'] }],
});
export type Video = InferEntity<typeof Video>;
