import { createHash } from 'node:crypto';
import { GalleryItem, PostReport, UniqueConstraintViolationException, type ReportReason } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { feedMessages } from '../feed/messages';
import { AppError } from '../shared/errors';
import { moderationMessages } from './messages';

/** A member by their account; a visitor by a hash of their address, which is never stored as such. */
function reporterKeyOf(reporter: { userId: number | null; ip: string }): string {
  if (reporter.userId !== null) return `user:${reporter.userId}`;
  return `ip:${createHash('sha256').update(reporter.ip).digest('hex')}`;
}

/**
 * Records a notice about a public post (Digital Services Act, art. 16). The same reporter
 * reporting the same post again changes nothing and gets the same acknowledgement.
 */
export async function reportPost(
  { em }: Pick<ServiceDeps, 'em'>,
  input: {
    postId: number;
    reason: ReportReason;
    details: string | null;
    reporter: { userId: number | null; ip: string };
  },
): Promise<{ message: string }> {
  const post = await em.findOne(GalleryItem, { id: input.postId, isPublic: true }, { fields: ['id'] });
  if (!post) throw new AppError('NOT_FOUND', feedMessages.postNotFound);
  try {
    await em.insert(PostReport, {
      post: post.id,
      reporter: input.reporter.userId,
      reporterKey: reporterKeyOf(input.reporter),
      reason: input.reason,
      details: input.details,
      status: 'open',
      createdAt: new Date(),
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return { message: moderationMessages.reportReceived };
}
