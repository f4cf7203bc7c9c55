import { CreditEntry, GalleryItem, GenerationJob, Like, LockMode, raw, Upload, User } from '@atelier/db';
import { deletedAccountDiscoveryRef, discoveryRef } from '../credits/discovery';
import { verifyPassword } from '../auth/password';
import { deleteStoredFile, forgetStitches, stitchedPairs } from '../media/cleanup';
import { mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';
import { endSubscriptionOfDeletedAccount } from '../subscriptions/manage';
import type { ServiceDeps } from '../deps';
import { ownedFileKeys } from './files';

export const accountDeletionMessages = {
  generationRunning:
    'Une génération est en cours : attendez qu’elle se termine ou annulez-la avant de supprimer votre compte.',
} as const;

/**
 * Deletes the account once its password is confirmed (null when it is wrong, nothing touched):
 * the user row, and with it (ON DELETE CASCADE) its sessions, API tokens, uploads, results,
 * videos, workflows, jobs, likes and posts; then its files in storage. The credit ledger and the
 * payments stay for the accounts, with no link to the person (ON DELETE SET NULL) but a hash of
 * the address on this month's Découverte grant (see deletedAccountDiscoveryRef). A subscription
 * ends at once (see endSubscriptionOfDeletedAccount). Refused while
 * one of its generations waits or runs: its result and its credit hold would have no owner.
 */
export async function deleteAccount(
  {
    em,
    media,
    listVersions: versions,
    liveSessions,
    payments: { stripe },
  }: Pick<ServiceDeps, 'em' | 'media' | 'listVersions' | 'liveSessions' | 'payments'>,
  { userId, password }: { userId: number; password: string },
): Promise<true | null> {
  const user = await em.findOneOrFail(User, userId, { fields: ['passwordHash', 'email'] });
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  const running = () => ({ owner: userId, status: { $in: ['queued' as const, 'running' as const] } });
  // Asked first as well, so a refused deletion leaves the subscription as it was.
  if ((await em.count(GenerationJob, running())) > 0)
    throw new AppError('CONFLICT', accountDeletionMessages.generationRunning);
  await endSubscriptionOfDeletedAccount(em, stripe, userId);

  const { keys, stitches } = await em.transactional(async (tx) => {
    // The user's row locked first, as a job's submission locks it: a generation is either seen
    // here, or submitted after the account is gone.
    await tx.findOneOrFail(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
    if ((await tx.count(GenerationJob, running())) > 0) {
      throw new AppError('CONFLICT', accountDeletionMessages.generationRunning);
    }
    const files = await ownedFileKeys(tx, userId);
    const stitched = await stitchedPairs(tx, { owner: userId });
    // Its likes go with it: the posts it liked count one fewer, so their counters still equal their likes.
    const liked = await tx.find(Like, { user: userId }, { fields: ['item'] });
    for (const like of liked)
      await tx.nativeUpdate(GalleryItem, { id: like.item.id }, { likesCount: raw('likes_count - 1') });
    // Another member's older item may name one of its pictures as original: that item loses it.
    const uploads = await tx.find(Upload, { owner: userId }, { fields: ['storageKey'] });
    const originals = uploads.map((upload) => mediaUrl(upload.storageKey));
    if (originals.length > 0)
      await tx.nativeUpdate(
        GalleryItem,
        { originalImagePath: { $in: originals }, owner: { $ne: userId } },
        { originalImagePath: null },
      );
    // This month's Découverte grant follows the address rather than the account, so signing up
    // again with it does not grant the month twice.
    const now = new Date();
    await tx.nativeUpdate(
      CreditEntry,
      { externalRef: discoveryRef(userId, now) },
      { externalRef: deletedAccountDiscoveryRef(user.email, now) },
    );
    await tx.nativeDelete(User, { id: userId });
    return { keys: files, stitches: stitched };
  });
  // Its sessions went with the row: no instance may keep trusting its memory of them.
  await liveSessions.ended();
  await versions.galleryAndFeedChanged(userId);
  // The rows are gone, so no one may read these files any more; removing them frees the storage.
  for (const key of keys) await deleteStoredFile(media, key);
  await forgetStitches(media, stitches);
  await media.renders.forgetSamples(userId);
  return true;
}
