import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { GalleryItem } from './GalleryItem';
import { User } from './User';

/** Why a post is reported (the Digital Services Act's notice, art. 16). */
export const REPORT_REASONS = ['illegal', 'nudity', 'violence', 'harassment', 'copyright', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** open until an administrator decides: `upheld` (the post is hidden) or `dismissed`. */
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A notice about a public post, by a member or a visitor. `reporterKey` names the reporter
 * (`user:{id}`, or a hash of a visitor's address: no address is stored), once per post.
 */
export const PostReport = defineEntity({
  name: 'PostReport',
  tableName: 'post_reports',
  properties: {
    id: p.integer().primary().autoincrement(),
    post: () => p.manyToOne(GalleryItem).deleteRule('cascade'),
    reporter: () => p.manyToOne(User).nullable().deleteRule('set null'),
    reporterKey: p.string().length(80),
    reason: p.string().length(16).$type<ReportReason>(),
    details: p.text().nullable(),
    status: p.string().length(16).$type<ReportStatus>().default('open'),
    createdAt: createdAt(),
    decidedAt: p.datetime(3).nullable(),
  },
  uniques: [{ properties: ['post', 'reporterKey'] }],
  indexes: [{ properties: ['status', 'createdAt'] }],
});
export type PostReport = InferEntity<typeof PostReport>;
