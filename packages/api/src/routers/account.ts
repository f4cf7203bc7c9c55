import { accountDeletionSchema, accountUpdateSchema } from '@atelier/catalog';
import { User } from '@atelier/db';
import { z } from 'zod';
import { deleteAccount } from '../account/delete';
import { collectAccountExport } from '../account/export';
import { accountStats } from '../account/stats';
import { acceptTerms } from '../account/terms';
import { accountMessages, updateAccount, wrongCurrentPassword } from '../account/update';
import { AppError } from '../shared/errors';
import { endSessions, signIn } from '../security/sessions';
import { grantDiscoveryOffer } from '../credits/discovery';
import { publicUserSchema, toPublicUser } from '../shared/user';
import { authedProcedure, router, sessionProcedure } from '../trpc';

const userResult = z.object({ user: publicUserSchema });

export const accountRouter = router({
  /** The account; reading it grants the month's Découverte credits to a free account that has not had them. */
  get: authedProcedure.output(userResult).query(async ({ ctx }) => {
    const user = (await grantDiscoveryOffer(ctx, { userId: ctx.user.id }))
      ? await ctx.em.findOneOrFail(User, ctx.user.id, { refresh: true })
      : ctx.user;
    return { user: toPublicUser(user) };
  }),

  update: sessionProcedure
    .input(accountUpdateSchema)
    .output(userResult)
    .mutation(async ({ ctx, input }) => {
      await ctx.limits.accountUpdates.hit(`user:${ctx.user.id}`);
      const userId = ctx.user.id;
      const updated = await ctx.signIn.attempt(`user:${userId}`, ctx.ip, () =>
        updateAccount(ctx, { userId, ...input }),
      );
      if (!updated) throw wrongCurrentPassword();
      // Every session ends with the old password, copies of this browser's cookie included: the
      // browser that changed it carries on under a new one.
      if (updated.passwordChanged) {
        await endSessions(ctx.em, ctx.liveSessions, userId);
        await signIn(ctx, userId);
      }
      return { user: toPublicUser(updated.user) };
    }),

  /** Accepts the CGU / CGV in force (the checkout's box): a purchase needs them. */
  acceptTerms: sessionProcedure
    .output(z.object({ version: z.string(), acceptedAt: z.date() }))
    .mutation(({ ctx }) => acceptTerms(ctx.em, ctx.user.id)),

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

  /** "Exporter mes données": the records as JSON and the keys of the files the REST download packs with them. */
  export: sessionProcedure
    .output(z.object({ filename: z.string(), data: z.record(z.string(), z.unknown()), files: z.array(z.string()) }))
    .query(async ({ ctx }) => {
      await ctx.limits.accountExports.hit(`user:${ctx.user.id}`);
      return collectAccountExport(ctx.em, ctx.user.id);
    }),

  /**
   * "Supprimer mon compte", once the password is confirmed (counted like a sign-in's wrong
   * passwords); this browser is signed out with it.
   */
  delete: sessionProcedure
    .input(accountDeletionSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user.id;
      const deleted = await ctx.signIn.attempt(`user:${userId}`, ctx.ip, () =>
        deleteAccount(ctx, { userId, password: input.password }),
      );
      if (!deleted)
        throw new AppError('VALIDATION', accountMessages.wrongDeletionPassword, {
          fieldErrors: { password: [accountMessages.wrongDeletionPassword] },
        });
      ctx.session.clear();
      return { success: true as const };
    }),
});
