import { GalleryItem, PostReport, type ReportReason, type ReportStatus } from '@atelier/db';
import { recordAudit, type Actor } from '../admin/audit';
import type { ServiceDeps } from '../deps';
import { galleryMessages } from '../gallery/messages';
import { AppError } from '../shared/errors';
import { moderationMessages } from './messages';
import { hidePosts, showPosts } from './visibility';

/** The reports of one post, as the console lists them: one line a post, not a report. */
export interface ReportedPost {
  /** The post's first report of this status: the one a decision names. */
  reportId: number;
  status: ReportStatus;
  count: number;
  reasons: { reason: ReportReason; count: number }[];
  details: string[];
  firstReportedAt: Date;
  lastReportedAt: Date;
  post: {
    id: number;
    mediaType: string;
    transformedImagePath: string;
    originalImagePath: string | null;
    description: string | null;
    isPublic: boolean;
    hiddenBy: string | null;
    moderationStatement: string | null;
    reviewRequestedAt: Date | null;
    owner: { id: number; email: string; firstName: string; lastName: string };
  };
}

/** How many posts a list shows at most: the oldest first, as a queue. */
const LISTED_POSTS = 100;

export async function listReportedPosts(
  { em }: Pick<ServiceDeps, 'em'>,
  status: ReportStatus,
): Promise<ReportedPost[]> {
  const reports = await em.find(
    PostReport,
    { status },
    { populate: ['post', 'post.owner'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const byPost = new Map<number, ReportedPost>();
  for (const report of reports) {
    const item = report.post;
    let line = byPost.get(item.id);
    if (!line) {
      if (byPost.size === LISTED_POSTS) continue;
      line = {
        reportId: report.id,
        status,
        count: 0,
        reasons: [],
        details: [],
        firstReportedAt: report.createdAt,
        lastReportedAt: report.createdAt,
        post: {
          id: item.id,
          mediaType: item.mediaType,
          transformedImagePath: item.transformedImagePath,
          originalImagePath: item.originalImagePath ?? null,
          description: item.description ?? null,
          isPublic: item.isPublic,
          hiddenBy: item.hiddenBy ?? null,
          moderationStatement: item.moderationStatement ?? null,
          reviewRequestedAt: item.reviewRequestedAt ?? null,
          owner: {
            id: item.owner.id,
            email: item.owner.email,
            firstName: item.owner.firstName,
            lastName: item.owner.lastName,
          },
        },
      };
      byPost.set(item.id, line);
    }
    line.count += 1;
    line.lastReportedAt = report.createdAt;
    const counted = line.reasons.find((entry) => entry.reason === report.reason);
    if (counted) counted.count += 1;
    else line.reasons.push({ reason: report.reason, count: 1 });
    if (report.details) line.details.push(report.details);
  }
  return [...byPost.values()];
}

/** Tells the owner by mail, where mail is set up, what was decided and why. */
function mailOwner(
  { mail }: Pick<ServiceDeps, 'mail'>,
  owner: { email: string; firstName: string },
  statement: string,
): void {
  mail.mailer?.deliver({
    to: owner.email,
    subject: 'Une de vos publications Atelier a été masquée',
    text: [
      `Bonjour ${owner.firstName},`,
      '',
      "Après examen d'un signalement, l'une de vos publications a été retirée du fil public. Motifs de la décision :",
      '',
      statement,
      '',
      `Elle reste visible pour vous dans votre galerie, où vous pouvez demander un réexamen : ${mail.appUrl}/gallery`,
    ].join('\n'),
  });
}

/**
 * Decides every open report of the reported post at once: `hide` takes the post off the public
 * side with the statement of reasons its owner reads (Digital Services Act, art. 17), `dismiss`
 * leaves it. Either is written to the audit log.
 */
export async function decideReport(
  deps: Pick<ServiceDeps, 'em' | 'listVersions' | 'mail'>,
  actor: Actor,
  input: { reportId: number; action: 'hide' | 'dismiss'; statement: string },
): Promise<{ postId: number; decided: number }> {
  const { em } = deps;
  const report = await em.findOne(PostReport, input.reportId, { populate: ['post.owner'] });
  if (!report) throw new AppError('NOT_FOUND', moderationMessages.reportNotFound);
  if (report.status !== 'open') throw new AppError('CONFLICT', moderationMessages.alreadyDecided);
  const post = report.post;
  const decided = await em.transactional(async (tx) => {
    const count = await tx.nativeUpdate(
      PostReport,
      { post: post.id, status: 'open' },
      { status: input.action === 'hide' ? 'upheld' : 'dismissed', decidedAt: new Date() },
    );
    if (input.action === 'hide')
      await hidePosts({ ...deps, em: tx }, { id: post.id }, { by: 'moderation', statement: input.statement });
    await recordAudit(tx, actor, {
      action: input.action === 'hide' ? 'report.hide' : 'report.dismiss',
      target: { type: 'post', id: post.id },
      reason: input.statement,
      details: { reports: count },
    });
    return count;
  });
  if (input.action === 'hide') mailOwner(deps, post.owner, input.statement);
  return { postId: post.id, decided };
}

/** Puts a post the moderation hid back where it was; written to the audit log with its reason. */
export async function restorePost(
  deps: Pick<ServiceDeps, 'em' | 'listVersions'>,
  actor: Actor,
  input: { postId: number; reason: string },
): Promise<void> {
  await deps.em.transactional(async (tx) => {
    const restored = await showPosts({ ...deps, em: tx }, { id: input.postId }, 'moderation');
    if (restored === 0) throw new AppError('NOT_FOUND', moderationMessages.postNotHidden);
    await recordAudit(tx, actor, {
      action: 'post.restore',
      target: { type: 'post', id: input.postId },
      reason: input.reason,
    });
  });
}

/** The owner of a hidden post asks, once, for the decision to be looked at again. */
export async function requestReview(
  { em }: Pick<ServiceDeps, 'em'>,
  input: { ownerId: number; itemId: number },
): Promise<void> {
  const item = await em.findOne(
    GalleryItem,
    { id: input.itemId, owner: input.ownerId, hiddenBy: 'moderation' },
    { fields: ['reviewRequestedAt'] },
  );
  if (!item) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
  const asked = await em.nativeUpdate(
    GalleryItem,
    { id: input.itemId, reviewRequestedAt: null },
    { reviewRequestedAt: new Date() },
  );
  if (asked === 0) throw new AppError('CONFLICT', moderationMessages.reviewAlreadyAsked);
}
