import { emailField, loginSchema, passwordField, registerSchema } from '@atelier/catalog';
import { User } from '@atelier/db';
import { z } from 'zod';
import { login } from '../auth/login';
import { grantDiscoveryOffer } from '../credits/discovery';
import { passwordResetMessages, requestPasswordReset, resetPassword } from '../auth/password-reset';
import { register } from '../auth/register';
import { publicUserSchema, toPublicUser } from '../shared/user';
import { optionalUserProcedure, publicProcedure, router } from '../trpc';

const userResult = z.object({ user: publicUserSchema });

export const authRouter = router({
  register: publicProcedure
    .input(registerSchema)
    .output(userResult)
    .mutation(async ({ ctx, input }) => {
      ctx.limiters.auth.hit(`register:ip:${ctx.ip}`, `register:email:${input.email}`);
      const user = await register(ctx.em, ctx.config, input);
      await ctx.session.write({ userId: user.id, version: user.sessionVersion });
      return { user: toPublicUser(user) };
    }),

  login: publicProcedure
    .input(loginSchema)
    .output(userResult)
    .mutation(async ({ ctx, input }) => {
      ctx.limiters.auth.hit(`login:ip:${ctx.ip}`, `login:email:${input.email}`);
      const signedIn = await login(ctx.em, ctx.config.passwordHash, input);
      const user = (await grantDiscoveryOffer(ctx.em, ctx.config.discoveryOfferCredits, signedIn.id)) ? await ctx.em.findOneOrFail(User, signedIn.id, { refresh: true }) : signedIn;
      await ctx.session.write({ userId: user.id, version: user.sessionVersion });
      return { user: toPublicUser(user) };
    }),

  logout: publicProcedure.output(z.object({ success: z.literal(true) })).mutation(({ ctx }) => {
    ctx.session.clear();
    return { success: true as const };
  }),

  /** Whether "Mot de passe oublié ?" can send mail here. */
  passwordResetAvailable: publicProcedure
    .output(z.object({ available: z.boolean() }))
    .query(({ ctx }) => ({ available: ctx.mail.mailer !== null })),

  /** Mails a reset link to the account of that e-mail if there is one; the answer is the same either way. */
  requestPasswordReset: publicProcedure
    .input(z.object({ email: emailField }))
    .output(z.object({ success: z.literal(true), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      ctx.limiters.passwordReset.hit(`reset:ip:${ctx.ip}`, `reset:email:${input.email.toLowerCase()}`);
      await requestPasswordReset(ctx.em, ctx.mail, input.email);
      return { success: true as const, message: passwordResetMessages.sent };
    }),

  /** Sets a new password (the sign-up rules) with a mailed link's token; the account's sessions end. */
  resetPassword: publicProcedure
    .input(z.object({ token: z.string().min(1, passwordResetMessages.invalidLink).max(200, passwordResetMessages.invalidLink), password: passwordField }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      ctx.limiters.passwordReset.hit(`reset-use:ip:${ctx.ip}`);
      await resetPassword(ctx.em, ctx.config.passwordHash, input.token, input.password);
      ctx.session.clear();
      return { success: true as const };
    }),

  /** The signed-in user, or null for a visitor. */
  me: optionalUserProcedure
    .output(publicUserSchema.nullable())
    .query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
});
