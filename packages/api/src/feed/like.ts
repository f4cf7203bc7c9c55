import { GalleryItem, Like, raw, UniqueConstraintViolationException, type EntityManager } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { AppError } from '../shared/errors';
import { feedMessages } from './messages';

export interface LikeState {
  liked: boolean;
  likesCount: number;
}

/** Raised inside the transaction to roll back the counter when the like row did not change. */
class LikeUnchanged extends Error {}

/**
 * One change, one transaction. The counter moves first: that update locks the post's row, so
 * the likes of one post queue up there (a like row inserted first would take a shared lock on
 * the post for its foreign key, and two such locks deadlock on the counter). Then the like row:
 * the unique (user, item) key refuses a second like, a delete may find nothing; in both cases the
 * transaction rolls back with its counter move, so likesCount always equals the rows.
 */
async function changeLike(em: EntityManager, userId: number, postId: number, like: boolean): Promise<boolean> {
  try {
    await em.transactional(async (tx) => {
      const counted = await tx.nativeUpdate(
        GalleryItem,
        { id: postId, isPublic: true },
        { likesCount: raw(like ? 'likes_count + 1' : 'likes_count - 1') },
      );
      if (counted !== 1) throw new AppError('NOT_FOUND', feedMessages.postNotFound);
      if (like) await tx.insert(Like, { user: userId, item: postId, createdAt: new Date() });
      else if ((await tx.nativeDelete(Like, { user: userId, item: postId })) !== 1) throw new LikeUnchanged();
    });
    return true;
  } catch (error) {
    // Liked already, or not liked: a concurrent click got there first.
    if (error instanceof LikeUnchanged || error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

/**
 * Likes or unlikes a public post for the user. `wanted` sets the state, so repeated clicks of
 * "like" leave exactly one like; without it the call toggles, as the spec's client does.
 */
export async function likePost(
  { em, listVersions: versions }: Pick<ServiceDeps, 'em' | 'listVersions'>,
  { userId, postId, wanted }: { userId: number; postId: number; wanted?: boolean | undefined },
): Promise<LikeState> {
  const post = await em.findOne(GalleryItem, { id: postId, isPublic: true }, { fields: ['owner'] });
  if (!post) throw new AppError('NOT_FOUND', feedMessages.postNotFound);

  const liked = wanted ?? (await em.count(Like, { user: userId, item: postId })) === 0;
  const changed = await changeLike(em, userId, postId, liked);
  if (changed) await versions.galleryAndFeedChanged(post.owner.id);
  const current = await em.findOne(GalleryItem, postId, { fields: ['likesCount'], disableIdentityMap: true });
  if (!current) throw new AppError('NOT_FOUND', feedMessages.postNotFound);
  return { liked, likesCount: current.likesCount };
}
