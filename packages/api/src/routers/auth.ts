import { loginSchema, registerSchema } from '@atelier/catalog';
import { z } from 'zod';
import { checkCredentials, loginMessages } from '../auth/login';
import { register } from '../auth/register';
import type { EntityManager } from '@atelier/db';
import type { SessionStore } from '../context';
import { endSession, startSession } from '../security/sessions';
import { AppError } from '../shared/errors';
import { publicUserSchema, toPublicUser } from '../shared/user';
import { optionalUserProcedure, publicProcedure, router } from '../trpc';

const userResult = z.object({ user: publicUserSchema });

/** A new session row for the user, its key sealed into this browser's cookie. */
async function signIn(ctx: { em: EntityManager; session: SessionStore; userAgent?: string | null | undefined }, userId: number): Promise<void> {
  await ctx.session.write({ key: await startSession(ctx.em, userId, ctx.userAgent ?? null) });
}

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
      const user = await ctx.signIn.attempt(input.email, ctx.ip, () => checkCredentials(ctx.em, ctx.config.passwordHash, input));
      if (!user) throw new AppError('UNAUTHENTICATED', loginMessages.invalidCredentials);
      await signIn(ctx, user.id);
      return { user: toPublicUser(user) };
    }),

  /** Ends this browser's session in the database, not only its cookie: a copy of the cookie is refused too. */
  logout: optionalUserProcedure.output(z.object({ success: z.literal(true) })).mutation(async ({ ctx }) => {
    if (ctx.user && ctx.identity?.via === 'session') await endSession(ctx.em, ctx.user.id, ctx.identity.sessionId);
    ctx.session.clear();
    return { success: true as const };
  }),

  /** The signed-in user, or null for a visitor. */
  me: optionalUserProcedure
    .output(publicUserSchema.nullable())
    .query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
});
