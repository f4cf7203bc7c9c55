import { clientText } from '@atelier/catalog';
import { REPORT_STATUSES } from '@atelier/db';
import { z } from 'zod';
import { isAdministratorCall } from '../admin/access';
import { businessOverview } from '../admin/overview';
import { adjustCredits, memberDetail, searchMembers, suspendMember, unsuspendMember } from '../admin/members';
import { decideReport, listReportedPosts, restorePost } from '../moderation/decisions';
import { moderationMessages } from '../moderation/messages';
import { recordId, wholeNumber } from '../shared/input';
import { publicUserSchema } from '../shared/user';
import { adminProcedure, optionalUserProcedure, router } from '../trpc';

/** The statement of reasons an administrator gives for what they do: the owner or the member reads it. */
const statementField = clientText({ error: moderationMessages.statementRequired })
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

const memberDetailSchema = publicUserSchema.extend({
  suspension: z.object({ statement: z.string(), createdAt: z.date() }).nullable(),
  ledger: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      status: z.string(),
      amount: z.number(),
      balanceAfter: z.number(),
      description: z.string(),
      reason: z.string(),
      createdAt: z.date(),
    }),
  ),
  jobs: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      status: z.string(),
      engine: z.string(),
      errorCode: z.string().nullable(),
      error: z.string().nullable(),
      createdAt: z.date(),
    }),
  ),
  posts: z.array(
    z.object({
      id: z.number(),
      transformedImagePath: z.string(),
      isPublic: z.boolean(),
      hiddenBy: z.string().nullable(),
      likesCount: z.number(),
      publishedAt: z.date().nullable(),
    }),
  ),
});

const adjustmentMessage = 'Le montant est un nombre entier de crédits, non nul, entre -1 000 000 et 1 000 000.';
const adjustmentReasonMessage = 'Le motif, que le membre lira, fait de 1 à 200 caractères.';

const overviewSchema = z.object({
  days: z.number(),
  since: z.date(),
  moneyIn: z.array(
    z.object({ currency: z.string(), paymentsCents: z.number(), invoicesCents: z.number(), totalCents: z.number() }),
  ),
  credits: z.array(z.object({ reason: z.string(), type: z.string(), entries: z.number(), amount: z.number() })),
  generations: z.object({
    succeeded: z.number(),
    failed: z.number(),
    byOutcome: z.array(
      z.object({ engine: z.string(), status: z.string(), errorCode: z.string().nullable(), count: z.number() }),
    ),
  }),
  openReports: z.number(),
  reportsReceived: z.number(),
  newMembers: z.number(),
  /** What the period's jobs recorded spending on the cloud, at the models' list prices (US dollars). */
  cloudSpend: z.object({
    totalUsd: z.number(),
    byEngine: z.array(z.object({ engine: z.string(), jobs: z.number(), usd: z.number() })),
  }),
});

const daysMessage = 'La période est un nombre entier de jours, de 1 à 366.';

const success = z.object({ success: z.literal(true) });

const actorOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });

export const adminRouter = router({
  /** Whether the viewer is an administrator: the account menu shows the console's entry to them alone. */
  access: optionalUserProcedure
    .output(z.object({ isAdmin: z.boolean() }))
    .query(({ ctx }) => ({ isAdmin: isAdministratorCall(ctx) })),

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
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await restorePost(ctx, actorOf(ctx.user), input);
      return { success: true as const };
    }),

  /** Members whose e-mail, name or username contains `q`; the newest when it is empty. */
  members: adminProcedure
    .input(
      z
        .object({
          q: clientText({ error: 'La recherche doit être un texte.' })
            .trim()
            .max(254, 'Recherche trop longue (254 caractères au plus).')
            .default(''),
        })
        .prefault({}),
    )
    .output(z.object({ members: z.array(publicUserSchema.extend({ suspended: z.boolean() })) }))
    .query(async ({ ctx, input }) => ({ members: await searchMembers(ctx, input.q) })),

  member: adminProcedure
    .input(z.object({ userId: recordId }))
    .output(memberDetailSchema)
    .query(({ ctx, input }) => memberDetail(ctx, input.userId)),

  adjustCredits: adminProcedure
    .input(
      z.object({
        userId: recordId,
        amount: z
          .number(adjustmentMessage)
          .int(adjustmentMessage)
          .min(-1_000_000, adjustmentMessage)
          .max(1_000_000, adjustmentMessage)
          .refine((amount) => amount !== 0, adjustmentMessage),
        reason: clientText({ error: adjustmentReasonMessage })
          .trim()
          .min(1, adjustmentReasonMessage)
          .max(200, adjustmentReasonMessage),
      }),
    )
    .output(z.object({ balance: z.number() }))
    .mutation(({ ctx, input }) => adjustCredits(ctx, actorOf(ctx.user), input)),

  suspend: adminProcedure
    .input(z.object({ userId: recordId, statement: statementField }))
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await suspendMember(ctx, actorOf(ctx.user), input);
      return { success: true as const };
    }),

  unsuspend: adminProcedure
    .input(z.object({ userId: recordId, reason: statementField }))
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await unsuspendMember(ctx, actorOf(ctx.user), input);
      return { success: true as const };
    }),

  overview: adminProcedure
    .input(
      z
        .object({
          days: wholeNumber(daysMessage).pipe(z.number().min(1, daysMessage).max(366, daysMessage)).default(30),
        })
        .prefault({}),
    )
    .output(overviewSchema)
    .query(({ ctx, input }) => businessOverview(ctx, input.days)),
});
