import { emailField, loginSchema, passwordField, registerSchema } from '@atelier/catalog';
import { User } from '@atelier/db';
import { z } from 'zod';
import { refuseSuspendedSignIn } from '../admin/members';
import { checkCredentials, loginMessages } from '../auth/login';
import { grantDiscoveryOffer } from '../credits/discovery';
import { passwordResetMessages, requestPasswordReset, resetPassword } from '../auth/password-reset';
import { register } from '../auth/register';
import { endSession, signIn } from '../security/sessions';
import { AppError } from '../shared/errors';
import { publicUserSchema, toPublicUser } from '../shared/user';
import { optionalUserProcedure, publicProcedure, router } from '../trpc';

const userResult = z.object({ user: publicUserSchema });

export const authRouter = router({
  register: publicProcedure
    .input(registerSchema)
    .output(userResult)
    .mutation(async ({ ctx, input }) => {
      await ctx.signIn.signUp(ctx.ip);
      const user = await register(ctx.em, ctx.config, input);
      await signIn(ctx, user.id);
      return { user: toPublicUser(user) };
    }),

  login: publicProcedure
    .input(loginSchema)
    .output(userResult)
    .mutation(async ({ ctx, input }) => {
      const checked = await ctx.signIn.attempt(input.email, ctx.ip, () =>
        checkCredentials(ctx.em, ctx.config.passwordHash, input),
      );
      if (!checked) throw new AppError('UNAUTHENTICATED', loginMessages.invalidCredentials);
      await refuseSuspendedSignIn(ctx, checked.id);
      const user = (await grantDiscoveryOffer(ctx, { userId: checked.id }))
        ? await ctx.em.findOneOrFail(User, checked.id, { refresh: true })
        : checked;
      await signIn(ctx, user.id);
      return { user: toPublicUser(user) };
    }),

  /** Ends this browser's session in the database, not only its cookie: a copy of the cookie is refused too. */
  logout: optionalUserProcedure.output(z.object({ success: z.literal(true) })).mutation(async ({ ctx }) => {
    if (ctx.user && ctx.identity?.via === 'session')
      await endSession(ctx, { userId: ctx.user.id, sessionId: ctx.identity.sessionId });
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
      await Promise.all(
        [`request:ip:${ctx.ip}`, `request:email:${input.email.toLowerCase()}`].map((subject) =>
          ctx.limits.passwordResets.hit(subject),
        ),
      );
      await requestPasswordReset(ctx, { email: input.email });
      return { success: true as const, message: passwordResetMessages.sent };
    }),

  /** Sets a new password (the sign-up rules) with a mailed link's token; the account's sessions end. */
  resetPassword: publicProcedure
    .input(
      z.object({
        token: z.string().min(1, passwordResetMessages.invalidLink).max(200, passwordResetMessages.invalidLink),
        password: passwordField,
      }),
    )
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.limits.passwordResets.hit(`use:ip:${ctx.ip}`);
      await resetPassword(ctx, { token: input.token, password: input.password });
      ctx.session.clear();
      return { success: true as const };
    }),

  /** The signed-in user, or null for a visitor. */
  me: optionalUserProcedure
    .output(publicUserSchema.nullable())
    .query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
});
