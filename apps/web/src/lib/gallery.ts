import { useEffect, useMemo } from 'react';
import { isoDate } from './download';
import { trpc, type RouterOutputs } from './trpc';
import { toastError, useErrorToast } from './useErrorToast';
import { useUndoableDeletion } from './undoable-deletion';

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
    onError: (error) => toastError('Erreur lors de la mise à jour des favoris', error),
  });
}

const PUBLISHED_ONE_LEAVES_FEED = 'Elle est publiée : elle disparaîtra aussi du feed public.';
const UNDO_HINT = 'Vous pourrez annuler pendant quelques secondes.';

/**
 * What is asked before deleting these images: a published one also leaves the public feed, which
 * the owner may not have in mind from the gallery.
 */
export function deletionQuestion(images: readonly GalleryItem[]): string {
  const published = images.filter((item) => item.isPublic).length;
  const single = images.length === 1;
  const question = single ? 'Supprimer cette image ?' : `Supprimer ${images.length} image(s) ?`;
  const publicFeed =
    published === 0
      ? ''
      : single
        ? ` ${PUBLISHED_ONE_LEAVES_FEED}`
        : published === 1
          ? ' Une est publiée : elle disparaîtra aussi du feed public.'
          : ` ${published} sont publiées : elles disparaîtront aussi du feed public.`;
  return `${question}${publicFeed} ${UNDO_HINT}`;
}

/** The same question for one video (published, it leaves the feed too). */
export const videoDeletionQuestion = (isPublic: boolean) =>
  `Supprimer cette vidéo ?${isPublic ? ` ${PUBLISHED_ONE_LEAVES_FEED}` : ''} ${UNDO_HINT}`;

/**
 * Deleting gallery images, one or several, each outcome told by the spec's toasts, so that it can
 * be taken back for a few seconds (see useUndoableDeletion).
 */
export function useDeleteImages(items: readonly GalleryItem[]) {
  const utils = trpc.useUtils();
  const { deleteLater, remaining, restore } = useUndoableDeletion(items, {
    send: (ids) => deleteMany.mutate({ ids }),
    sendOnExit: (ids) =>
      void fetch('/api/gallery/batch', {
        method: 'DELETE',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      }),
    told: (ids) =>
      ids.length === 1
        ? { title: 'Image supprimée' }
        : { title: 'Images supprimées', description: `${ids.length} image(s) supprimée(s) avec succès` },
  });
  const deleteMany = trpc.gallery.deleteMany.useMutation({
    onSuccess: (_result, { ids }) => {
      void utils.gallery.list.invalidate();
      // A deleted result is no longer the picture the studio starts from (the server forgets it too).
      void utils.media.defaults.invalidate();
      // The feed drops a published image that went with the deletion.
      if (items.some((item) => ids.map(Number).includes(item.id) && item.isPublic)) void utils.feed.list.invalidate();
    },
    onError: (error, { ids }) => {
      restore(ids.map(Number));
      toastError(ids.length === 1 ? 'Erreur lors de la suppression' : 'Erreur lors de la suppression multiple', error);
    },
  });
  return { deleteLater, remaining };
}
