import { GalleryItem, Like, type EntityManager } from '@atelier/db';
import { olderThan, pageOf, type Page } from '../shared/pagination';

/** A public post: the author is named, nothing else of theirs (no e-mail) leaves the server. */
export interface FeedPost {
  id: number;
  createdAt: Date;
  publishedAt: Date;
  description: string | null;
  transformedImagePath: string;
  originalImagePath: string | null;
  likesCount: number;
  isLiked: boolean;
  user: { firstName: string; lastName: string };
}

async function likedAmong(em: EntityManager, viewerId: number | null, itemIds: number[]): Promise<Set<number>> {
  if (viewerId === null || itemIds.length === 0) return new Set();
  const likes = await em.find(Like, { user: viewerId, item: { $in: itemIds } }, { fields: ['item'] });
  return new Set(likes.map((like) => like.item.id));
}

/** One page of the public feed, newest publication first; `isLiked` is the viewer's (false for a visitor). */
export async function listPublicFeed(em: EntityManager, viewerId: number | null, page: Page): Promise<{ posts: FeedPost[]; nextCursor: string | null }> {
  const rows = await em.find(
    GalleryItem,
    { isPublic: true, publishedAt: { $ne: null }, ...olderThan('publishedAt', page.cursor) },
    {
      orderBy: { publishedAt: 'desc', id: 'desc' },
      limit: page.limit + 1,
      fields: ['createdAt', 'publishedAt', 'description', 'transformedImagePath', 'originalImagePath', 'originalPublic', 'likesCount', 'owner.firstName', 'owner.lastName'],
    },
  );
  const publishedAt = (item: (typeof rows)[number]) => item.publishedAt ?? item.createdAt;
  const { rows: items, nextCursor } = pageOf(rows, page.limit, publishedAt);
  const liked = await likedAmong(em, viewerId, items.map((item) => item.id));
  const posts = items.map((item) => ({
    id: item.id,
    createdAt: item.createdAt,
    publishedAt: publishedAt(item),
    description: item.description ?? null,
    transformedImagePath: item.transformedImagePath,
    // Published as the result alone: the original stays its owner's.
    originalImagePath: item.originalPublic ? (item.originalImagePath ?? null) : null,
    likesCount: item.likesCount,
    isLiked: liked.has(item.id),
    user: { firstName: item.owner.firstName, lastName: item.owner.lastName },
  }));
  return { posts, nextCursor };
}
