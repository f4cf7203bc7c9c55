import { useMemo } from 'react';
import { trpc, type RouterOutputs } from './trpc';
import { useErrorToast } from './useErrorToast';

export type GalleryItem = RouterOutputs['gallery']['list']['gallery'][number];

const GALLERY_PAGE_SIZE = 50;

/**
 * The signed-in user's gallery, newest first, a page at a time. The home page and the gallery page
 * share this one cache entry, so publishing or deleting on one is seen on the other.
 */
export function useOwnGallery(userId: number | undefined) {
  const query = trpc.gallery.list.useInfiniteQuery(
    { userId: userId ?? 0, limit: GALLERY_PAGE_SIZE },
    { enabled: userId !== undefined, getNextPageParam: (page) => page.nextCursor },
  );
  useErrorToast(query.error, 'Erreur lors du chargement de la galerie');
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.gallery) ?? [], [query.data]);
  return { query, items };
}
