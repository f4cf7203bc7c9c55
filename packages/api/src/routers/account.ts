import { accountUpdateSchema } from '@atelier/catalog';
import { z } from 'zod';
import { accountStats } from '../account/stats';
import { updateAccount } from '../account/update';
import { publicUserSchema, toPublicUser } from '../shared/user';
import { authedProcedure, router } from '../trpc';

const userResult = z.object({ user: publicUserSchema });

export const accountRouter = router({
  get: authedProcedure.output(userResult).query(({ ctx }) => ({ user: toPublicUser(ctx.user) })),

  update: authedProcedure
    .input(accountUpdateSchema)
    .output(userResult)
    .mutation(async ({ ctx, input }) => {
      ctx.limiters.account.hit(`account-update:user:${ctx.user.id}`);
      const { user, passwordChanged } = await updateAccount(ctx.em, ctx.config.passwordHash, ctx.user.id, input);
      // Other sessions end with the old password; this one carries on with the new version.
      if (passwordChanged) {
        await ctx.session.write({ userId: user.id, version: user.sessionVersion });
        // Gallery tags are checked against the sealed cookie alone: a new version makes the ended
        // sessions go through the full check (and its 401) on their next poll.
        await ctx.listVersions.galleryChanged(user.id);
      }
      return { user: toPublicUser(user) };
    }),

  /** Counts for the account page, computed from the records themselves. */
  stats: authedProcedure
    .output(
      z.object({
        imagesCreated: z.number(),
        videosCreated: z.number(),
        creditsSpent: z.number(),
        creditsBought: z.number(),
        itemsPublished: z.number(),
        likesReceived: z.number(),
      }),
    )
    .query(({ ctx }) => accountStats(ctx.em, ctx.user.id)),
});
