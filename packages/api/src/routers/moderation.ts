import { clientText } from '@atelier/catalog';
import { REPORT_REASONS } from '@atelier/db';
import { z } from 'zod';
import { moderationMessages } from '../moderation/messages';
import { requestReview } from '../moderation/decisions';
import { reportPost } from '../moderation/report';
import { recordId } from '../shared/input';
import { authedProcedure, optionalUserProcedure, router } from '../trpc';

const reportInput = z.object({
  postId: recordId,
  reason: z.enum(REPORT_REASONS, moderationMessages.unknownReason),
  details: clientText({ error: moderationMessages.invalidDetails })
    .trim()
    .max(1000, moderationMessages.detailsTooLong)
    .optional(),
});

export const moderationRouter = router({
  /** A notice about a public post, by anyone; counted per address, once per reporter and post. */
  report: optionalUserProcedure
    .input(reportInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.limits.reports.hit(`ip:${ctx.ip}`);
      return reportPost(ctx, {
        postId: input.postId,
        reason: input.reason,
        details: input.details || null,
        reporter: { userId: ctx.user?.id ?? null, ip: ctx.ip },
      });
    }),

  /** The owner of a hidden post asks, once, for the decision to be looked at again. */
  requestReview: authedProcedure
    .input(z.object({ id: recordId }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await requestReview(ctx, { ownerId: ctx.user.id, itemId: input.id });
      return { success: true as const };
    }),
});
