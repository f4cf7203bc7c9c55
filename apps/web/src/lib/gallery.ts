import { useEffect, useMemo } from 'react';
import { downloadNameOf } from './media';
import { toast } from './toast';
import { errorMessage, trpc, type RouterOutputs } from './trpc';
import { useErrorToast } from './useErrorToast';

export type GalleryItem = RouterOutputs['gallery']['list']['gallery'][number];

const GALLERY_PAGE_SIZE = 50;

/** What downloading a gallery image saves: the result, under the app's file name. */
/** How a gallery item is named on screen: its options' labels. */
export const galleryItemTitle = (item: GalleryItem) => item.transformationOption ?? 'Transformation';

export const imageDownloadOf = (item: GalleryItem) => ({ url: item.transformedImagePath, filename: downloadNameOf(item.transformedImagePath) });

/** How often the studio's gallery sheet looks for new images and videos while it is open. */
export const LIST_POLL_MS = 2000;

interface ListOptions {
  /** Polls the list's version tag at this interval (answered from memory, no query) and reloads on change. */
  pollMs?: number | false;
}

/**
 * Reloads a list once the server's version tag for it differs from the one it was loaded with: an
 * unchanged poll costs neither a database query nor a list in the response.
 */
export function useRefetchOnNewVersion(latest: string | null | undefined, loaded: string | undefined, refetch: () => unknown): void {
  useEffect(() => {
    if (latest && loaded && latest !== loaded) void refetch();
  }, [latest, loaded, refetch]);
}

/**
 * The signed-in user's gallery, newest first, a page at a time. The home page, the gallery page and
 * the studio share this one cache entry, so publishing or deleting on one is seen on the others.
 */
export function useOwnGallery(userId: number | undefined, { pollMs = false }: ListOptions = {}) {
  const input = { userId: userId ?? 0, limit: GALLERY_PAGE_SIZE };
  const query = trpc.gallery.list.useInfiniteQuery(input, { enabled: userId !== undefined, getNextPageParam: (page) => page.nextCursor });
  useErrorToast(query.error, 'Erreur lors du chargement de la galerie');
  // Any change bumps the tag of every page, so the first page's tag stands for the whole list.
  const version = trpc.gallery.version.useQuery(input, { enabled: userId !== undefined && pollMs !== false, refetchInterval: pollMs });
  useRefetchOnNewVersion(version.data?.version, query.data?.pages[0]?.version, query.refetch);
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.gallery) ?? [], [query.data]);
  return { query, items };
}

/** Deleting gallery images, one or several, each outcome told by the spec's toasts. */
export function useDeleteImages(items: readonly GalleryItem[], { onDeletedMany }: { onDeletedMany?: () => void } = {}) {
  const utils = trpc.useUtils();
  /** Refreshes the gallery, and the public feed when a published image went with the deletion. */
  const afterDeletion = (ids: readonly number[]) => {
    void utils.gallery.list.invalidate();
    // A deleted result is no longer the picture the studio starts from (the server forgets it too).
    void utils.media.defaults.invalidate();
    if (items.some((item) => ids.includes(item.id) && item.isPublic)) void utils.feed.list.invalidate();
  };
  const deleteOne = trpc.gallery.delete.useMutation({
    onSuccess: (_result, { id }) => {
      toast({ title: 'Image supprimée' });
      afterDeletion([Number(id)]);
    },
    onError: (error) => toast({ title: 'Erreur lors de la suppression', description: errorMessage(error, ''), variant: 'destructive' }),
  });
  const deleteMany = trpc.gallery.deleteMany.useMutation({
    onSuccess: ({ deletedCount }, { ids }) => {
      toast({ title: 'Images supprimées', description: `${deletedCount} image(s) supprimée(s) avec succès` });
      onDeletedMany?.();
      afterDeletion(ids.map(Number));
    },
    onError: (error) => toast({ title: 'Erreur lors de la suppression multiple', description: errorMessage(error, ''), variant: 'destructive' }),
  });
  return { deleteOne, deleteMany };
}
