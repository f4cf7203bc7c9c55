import { GalleryItem, Like, type EntityManager } from '@atelier/db';
import { olderThan, pageOf, type Page } from '../shared/pagination';

/** A public post: the author is named, nothing else of theirs (no e-mail) leaves the server. */
export interface FeedPost {
  id: number;
  createdAt: Date;
  publishedAt: Date;
  description: string | null;
  /** `image`, or `video` for a published video (`transformedImagePath` is then its poster). */
  mediaType: string;
  transformedImagePath: string;
  originalImagePath: string | null;
  videoUrl: string | null;
  likesCount: number;
  isLiked: boolean;
  user: { firstName: string; lastName: string };
}

async function likedAmong(em: EntityManager, viewerId: number | null, itemIds: number[]): Promise<Set<number>> {
  if (viewerId === null || itemIds.length === 0) return new Set();
  const likes = await em.find(Like, { user: viewerId, item: { $in: itemIds } }, { fields: ['item'] });
  return new Set(likes.map((like) => like.item.id));
}

/** What a post shows of its item and author. */
export const POST_FIELDS = [
  'createdAt',
  'publishedAt',
  'description',
  'originalPublic',
  'mediaType',
  'transformedImagePath',
  'originalImagePath',
  'videoUrl',
  'likesCount',
  'owner.firstName',
  'owner.lastName',
] as const;

type PostRow = Pick<
  GalleryItem,
  | 'id'
  | 'createdAt'
  | 'publishedAt'
  | 'description'
  | 'originalPublic'
  | 'mediaType'
  | 'transformedImagePath'
  | 'originalImagePath'
  | 'videoUrl'
  | 'likesCount'
> & {
  owner: { firstName: string; lastName: string };
};

const publishedAtOf = (item: PostRow) => item.publishedAt ?? item.createdAt;

function toFeedPost(item: PostRow, isLiked: boolean): FeedPost {
  return {
    id: item.id,
    createdAt: item.createdAt,
    publishedAt: publishedAtOf(item),
    description: item.description ?? null,
    mediaType: item.mediaType,
    transformedImagePath: item.transformedImagePath,
    // Published as the result alone: the original stays its owner's.
    originalImagePath: item.originalPublic ? (item.originalImagePath ?? null) : null,
    videoUrl: item.videoUrl ?? null,
    likesCount: item.likesCount,
    isLiked,
    user: { firstName: item.owner.firstName, lastName: item.owner.lastName },
  };
}

/** One published post, as anyone sees it (its public page); an unpublished or unknown one is null. */
export async function findPublicPost(
  em: EntityManager,
  viewerId: number | null,
  postId: number,
): Promise<FeedPost | null> {
  const item = await em.findOne(GalleryItem, { id: postId, isPublic: true }, { fields: POST_FIELDS });
  if (!item) return null;
  return toFeedPost(item, (await likedAmong(em, viewerId, [item.id])).has(item.id));
}

/** One page of the public feed, newest publication first; `isLiked` is the viewer's (false for a visitor). */
export async function listPublicFeed(
  em: EntityManager,
  viewerId: number | null,
  page: Page,
): Promise<{ posts: FeedPost[]; nextCursor: string | null }> {
  const rows = await em.find(
    GalleryItem,
    { isPublic: true, publishedAt: { $ne: null }, ...olderThan('publishedAt', page.cursor) },
    {
      orderBy: { publishedAt: 'desc', id: 'desc' },
      limit: page.limit + 1,
      fields: POST_FIELDS,
    },
  );
  const { rows: items, nextCursor } = pageOf(rows, page.limit, publishedAtOf);
  const liked = await likedAmong(
    em,
    viewerId,
    items.map((item) => item.id),
  );
  const posts = items.map((item) => toFeedPost(item, liked.has(item.id)));
  return { posts, nextCursor };
}
