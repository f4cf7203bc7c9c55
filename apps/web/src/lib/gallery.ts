import { useEffect, useMemo, useRef, useState } from 'react';
import { isoDate } from './download';
import { toast } from './toast';
import { errorMessage, trpc, type RouterOutputs } from './trpc';
import { useErrorToast } from './useErrorToast';

export type GalleryItem = RouterOutputs['gallery']['list']['gallery'][number];

const GALLERY_PAGE_SIZE = 50;

/** How a gallery item is named on screen: its options' labels. */
export const galleryItemTitle = (item: GalleryItem) => item.transformationOption ?? 'Transformation';

/** The options a gallery item was made with, one by one (its label joins them with " + "). */
export const optionsOf = (item: GalleryItem): string[] =>
  (item.transformationOption ?? '')
    .split(' + ')
    .map((option) => option.trim())
    .filter((option) => option !== '');

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What downloading a gallery image saves: the result, named by its options and day (atelier-aquarelle-2026-11-23.jpg). */
export function imageDownloadOf(item: GalleryItem) {
  const options = slug(optionsOf(item).join(' '));
  return {
    url: item.transformedImagePath,
    filename: `atelier-${options ? `${options}-` : ''}${isoDate(new Date(item.createdAt))}.jpg`,
  };
}

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
export function useRefetchOnNewVersion(
  latest: string | null | undefined,
  loaded: string | undefined,
  refetch: () => unknown,
): void {
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
  const query = trpc.gallery.list.useInfiniteQuery(input, {
    enabled: userId !== undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
  useErrorToast(query.error, 'Erreur lors du chargement de la galerie');
  // Any change bumps the tag of every page, so the first page's tag stands for the whole list.
  const version = trpc.gallery.version.useQuery(input, {
    enabled: userId !== undefined && pollMs !== false,
    refetchInterval: pollMs,
  });
  useRefetchOnNewVersion(version.data?.version, query.data?.pages[0]?.version, query.refetch);
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.gallery) ?? [], [query.data]);
  return { query, items };
}

/** Marks or unmarks one of the user's images as a favourite; the gallery shows the new state once reloaded. */
export function useToggleFavorite() {
  const utils = trpc.useUtils();
  return trpc.gallery.favorite.useMutation({
    onSuccess: () => void utils.gallery.list.invalidate(),
    onError: (error) =>
      toast({
        title: 'Erreur lors de la mise à jour des favoris',
        description: errorMessage(error, ''),
        variant: 'destructive',
      }),
  });
}

/** How long a batch deletion can be taken back: the images are hidden at once, deleted after this. */
export const UNDO_DELETE_MS = 6000;

/**
 * Deleting gallery images, one or several, each outcome told by the spec's toasts. A batch is
 * hidden at once and reaches the server only after UNDO_DELETE_MS, with "Annuler" in its toast
 * meanwhile; leaving the page sends it at once. `remaining` is `items` without the hidden ones.
 */
export function useDeleteImages(items: readonly GalleryItem[]) {
  const utils = trpc.useUtils();
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<number>>(new Set());
  const scheduled = useRef<{ ids: number[]; timer: ReturnType<typeof setTimeout> } | null>(null);
  const show = (ids: readonly number[]) =>
    setHiddenIds((current) => new Set([...current].filter((id) => !ids.includes(id))));

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
    onError: (error) =>
      toast({ title: 'Erreur lors de la suppression', description: errorMessage(error, ''), variant: 'destructive' }),
  });
  const deleteMany = trpc.gallery.deleteMany.useMutation({
    onSuccess: (_result, { ids }) => afterDeletion(ids.map(Number)),
    onError: (error, { ids }) => {
      show(ids.map(Number));
      toast({
        title: 'Erreur lors de la suppression multiple',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    },
  });

  const sendScheduled = useRef(() => {});
  sendScheduled.current = () => {
    const batch = scheduled.current;
    if (!batch) return;
    clearTimeout(batch.timer);
    scheduled.current = null;
    deleteMany.mutate({ ids: batch.ids });
  };
  // Leaving the page does not take the deletion back: it is sent at once; when the whole page goes
  // (reload, tab closed), by a request the browser finishes after the page is gone.
  useEffect(() => {
    const sendOnExit = () => {
      const batch = scheduled.current;
      if (!batch) return;
      clearTimeout(batch.timer);
      scheduled.current = null;
      void fetch('/api/gallery/batch', {
        method: 'DELETE',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: batch.ids }),
      });
    };
    window.addEventListener('pagehide', sendOnExit);
    return () => {
      window.removeEventListener('pagehide', sendOnExit);
      sendScheduled.current();
    };
  }, []);

  const undo = () => {
    const batch = scheduled.current;
    if (!batch) return;
    clearTimeout(batch.timer);
    scheduled.current = null;
    show(batch.ids);
    toast({ title: 'Suppression annulée' });
  };

  /** Hides the images now and deletes them once the time to take it back is over. */
  const deleteLater = (ids: readonly number[]) => {
    if (ids.length === 0) return;
    sendScheduled.current();
    setHiddenIds((current) => new Set([...current, ...ids]));
    scheduled.current = { ids: [...ids], timer: setTimeout(() => sendScheduled.current(), UNDO_DELETE_MS) };
    toast({
      title: 'Images supprimées',
      description: `${ids.length} image(s) supprimée(s) avec succès`,
      action: { label: 'Annuler', onClick: undo },
      durationMs: UNDO_DELETE_MS,
    });
  };

  const remaining = useMemo(() => items.filter((item) => !hiddenIds.has(item.id)), [items, hiddenIds]);
  return { deleteOne, deleteLater, remaining };
}
