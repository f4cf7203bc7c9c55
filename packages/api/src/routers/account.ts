import { accountUpdateSchema } from '@atelier/catalog';
import { User } from '@atelier/db';
import { z } from 'zod';
import { accountStats } from '../account/stats';
import { updateAccount, wrongCurrentPassword } from '../account/update';
import { endSessions } from '../security/sessions';
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
      const userId = ctx.user.id;
      const updated = await ctx.signIn.attempt(`user:${userId}`, ctx.ip, () => updateAccount(ctx.em, ctx.config.passwordHash, userId, input));
      if (!updated) throw wrongCurrentPassword();
      // Other sessions end with the old password; the one changing it carries on.
      if (updated.passwordChanged) await endSessions(ctx.em, userId, ctx.identity.via === 'session' ? ctx.identity.sessionId : null);
      return { user: toPublicUser(updated.user) };
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
