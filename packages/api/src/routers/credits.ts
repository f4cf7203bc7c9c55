import { CreditEntry } from '@atelier/db';
import { z } from 'zod';
import { paidResults } from '../jobs/paid-results';
import { authedProcedure, router } from '../trpc';

export const creditHistoryEntrySchema = z.object({
  id: z.number(),
  type: z.enum(['credit', 'debit']),
  description: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  createdAt: z.date(),
  resultUrl: z
    .string()
    .nullable()
    .describe("L'image ou la vidéo payée par cette ligne, tant qu'elle est dans la galerie ; null sinon."),
});

export const creditsRouter = router({
  /** Settled entries, newest first: holds in flight and released holds are not history. */
  history: authedProcedure
    .input(
      z
        .object({ limit: z.number().int().min(1).max(100).default(10), offset: z.number().int().min(0).default(0) })
        .default({ limit: 10, offset: 0 }),
    )
    .output(z.object({ entries: z.array(creditHistoryEntrySchema), total: z.number() }))
    .query(async ({ ctx, input }) => {
      const [entries, total] = await ctx.em.findAndCount(
        CreditEntry,
        { user: ctx.user.id, status: 'settled' },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: input.limit, offset: input.offset },
      );
      const results = await paidResults(
        ctx.em,
        ctx.user.id,
        entries.map((e) => e.externalRef),
      );
      return {
        entries: entries.map((e) => ({
          id: e.id,
          type: e.type,
          description: e.description,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          createdAt: e.createdAt,
          resultUrl: results.get(e.externalRef) ?? null,
        })),
        total,
      };
    }),
});
