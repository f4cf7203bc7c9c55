import { GalleryItem, type FilterQuery } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { withdrawBorrowedOriginals } from '../gallery/borrowed';
import { mediaUrl } from '../media/urls';

type HiddenBy = NonNullable<GalleryItem['hiddenBy']>;
type Deps = Pick<ServiceDeps, 'em' | 'listVersions'>;

async function listsChanged({ listVersions }: Deps, ownerIds: Iterable<number>): Promise<void> {
  await Promise.all(
    [...new Set(ownerIds)].flatMap((ownerId) => [
      listVersions.galleryAndFeedChanged(ownerId),
      listVersions.videosChanged(ownerId),
    ]),
  );
}

/**
 * Takes posts off the public side: out of the feed, their pages and their files (original
 * included, wherever another member's item borrowed it) for everyone but their owner. Their
 * publication date is kept, for showPosts to put them back where they were.
 */
export async function hidePosts(
  deps: Deps,
  where: FilterQuery<GalleryItem>,
  hidden: { by: HiddenBy; statement: string },
): Promise<number> {
  const { em } = deps;
  const items = await em.find(GalleryItem, where, { fields: ['owner', 'originalImagePath'] });
  if (items.length === 0) return 0;
  await em.nativeUpdate(
    GalleryItem,
    { id: { $in: items.map((item) => item.id) } },
    { isPublic: false, hiddenBy: hidden.by, hiddenAt: new Date(), moderationStatement: hidden.statement },
  );
  await withdrawBorrowedOriginals(
    em,
    deps.listVersions,
    items.map((item) => item.originalImagePath ?? null),
  );
  await listsChanged(
    deps,
    items.map((item) => item.owner.id),
  );
  return items.length;
}

/** Undoes hidePosts for the posts `by` hid: those that were published are public again. */
export async function showPosts(deps: Deps, where: FilterQuery<GalleryItem>, by: HiddenBy): Promise<number> {
  const { em } = deps;
  const hidden = { $and: [where, { hiddenBy: by }] };
  const items = await em.find(GalleryItem, hidden, { fields: ['owner', 'publishedAt'] });
  if (items.length === 0) return 0;
  const ids = items.map((item) => item.id);
  const cleared = { hiddenBy: null, hiddenAt: null, moderationStatement: null, reviewRequestedAt: null };
  await em.nativeUpdate(GalleryItem, { id: { $in: ids }, publishedAt: { $ne: null } }, { ...cleared, isPublic: true });
  await em.nativeUpdate(GalleryItem, { id: { $in: ids }, publishedAt: null }, cleared);
  await listsChanged(
    deps,
    items.map((item) => item.owner.id),
  );
  return items.length;
}

/** Whether a stored file is shown by a post that was hidden: administrators look at it to judge. */
export async function showsHiddenPost(em: Deps['em'], key: string): Promise<boolean> {
  const url = mediaUrl(key);
  const shownBy = [{ transformedImagePath: url }, { originalImagePath: url }, { videoUrl: url }];
  return (await em.count(GalleryItem, { hiddenBy: { $ne: null }, $or: shownBy })) > 0;
}
