import { accountUpdateSchema } from '@atelier/catalog';
import { User } from '@atelier/db';
import { z } from 'zod';
import { accountStats } from '../account/stats';
import { updateAccount } from '../account/update';
import { grantDiscoveryOffer } from '../credits/discovery';
import { publicUserSchema, toPublicUser } from '../shared/user';
import { authedProcedure, router } from '../trpc';

const userResult = z.object({ user: publicUserSchema });

export const accountRouter = router({
  /** The account; reading it grants the month's Découverte credits to a free account that has not had them. */
  get: authedProcedure.output(userResult).query(async ({ ctx }) => {
    const user = (await grantDiscoveryOffer(ctx.em, ctx.config.discoveryOfferCredits, ctx.user.id)) ? await ctx.em.findOneOrFail(User, ctx.user.id, { refresh: true }) : ctx.user;
    return { user: toPublicUser(user) };
  }),

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
        ctx.listVersions.galleryChanged(user.id);
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
