import { REPORT_STATUSES } from '@atelier/db';
import { z } from 'zod';
import { isAdministrator } from '../admin/access';
import { decideReport, listReportedPosts, restorePost } from '../moderation/decisions';
import { moderationMessages } from '../moderation/messages';
import { recordId } from '../shared/input';
import { adminProcedure, optionalUserProcedure, router } from '../trpc';

/** The statement of reasons an administrator gives for what they do: the owner or the member reads it. */
const statementField = z
  .string(moderationMessages.statementRequired)
  .trim()
  .min(1, moderationMessages.statementRequired)
  .max(2000, moderationMessages.statementRequired);

const reportedPostSchema = z.object({
  reportId: z.number(),
  status: z.enum(REPORT_STATUSES),
  count: z.number(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number() })),
  details: z.array(z.string()),
  firstReportedAt: z.date(),
  lastReportedAt: z.date(),
  post: z.object({
    id: z.number(),
    mediaType: z.string(),
    transformedImagePath: z.string(),
    originalImagePath: z.string().nullable(),
    description: z.string().nullable(),
    isPublic: z.boolean(),
    hiddenBy: z.string().nullable(),
    moderationStatement: z.string().nullable(),
    reviewRequestedAt: z.date().nullable(),
    owner: z.object({ id: z.number(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  }),
});

const actorOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });

export const adminRouter = router({
  /** Whether the viewer is an administrator: the account menu shows the console's entry to them alone. */
  access: optionalUserProcedure.output(z.object({ isAdmin: z.boolean() })).query(({ ctx }) => ({
    isAdmin: ctx.user !== null && ctx.identity?.via === 'session' && isAdministrator(ctx.config, ctx.user.email),
  })),

  /** Reported posts, one line each with the reasons counted, the oldest first. */
  reports: adminProcedure
    .input(
      z
        .object({
          status: z.enum(REPORT_STATUSES, 'Statut inconnu : « open », « upheld » ou « dismissed »').default('open'),
        })
        .prefault({}),
    )
    .output(z.object({ reports: z.array(reportedPostSchema) }))
    .query(async ({ ctx, input }) => ({ reports: await listReportedPosts(ctx, input.status) })),

  decide: adminProcedure
    .input(
      z.object({
        reportId: recordId,
        action: z.enum(['hide', 'dismiss'], moderationMessages.unknownAction),
        statement: statementField,
      }),
    )
    .output(z.object({ postId: z.number(), decided: z.number() }))
    .mutation(({ ctx, input }) => decideReport(ctx, actorOf(ctx.user), input)),

  restorePost: adminProcedure
    .input(z.object({ postId: recordId, reason: statementField }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await restorePost(ctx, actorOf(ctx.user), input);
      return { success: true as const };
    }),
});
