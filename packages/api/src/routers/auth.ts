import { loginSchema, registerSchema } from '@atelier/catalog';
import { z } from 'zod';
import { login } from '../auth/login';
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
      const user = await login(ctx.em, ctx.config.passwordHash, input);
      await ctx.session.write({ userId: user.id, version: user.sessionVersion });
      return { user: toPublicUser(user) };
    }),

  logout: publicProcedure.output(z.object({ success: z.literal(true) })).mutation(({ ctx }) => {
    ctx.session.clear();
    return { success: true as const };
  }),

  /** The signed-in user, or null for a visitor. */
  me: optionalUserProcedure
    .output(publicUserSchema.nullable())
    .query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
});
