import { GalleryItem, type EntityManager } from '@atelier/db';
import { olderThan, pageOf, type Page } from '../shared/pagination';
import { VIDEO_MEDIA_TYPE } from './item';

/** One page of a user's gallery, newest first: published videos' posts stay with their videos. */
export async function listGallery(
  em: EntityManager,
  ownerId: number,
  page: Page,
): Promise<{ items: GalleryItem[]; nextCursor: string | null }> {
  const rows = await em.find(
    GalleryItem,
    { owner: ownerId, mediaType: { $ne: VIDEO_MEDIA_TYPE }, ...olderThan('createdAt', page.cursor) },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit + 1 },
  );
  const { rows: items, nextCursor } = pageOf(rows, page.limit, (item) => item.createdAt);
  return { items, nextCursor };
}
