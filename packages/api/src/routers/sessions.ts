import { z } from 'zod';
import { endSession, endSessions, listSessions } from '../security/sessions';
import { recordId } from '../shared/input';
import { router, sessionProcedure } from '../trpc';

const success = z.object({ success: z.literal(true) });

/** The account's signed-in browsers: listed, and ended one by one or all at once. */
export const sessionsRouter = router({
  list: sessionProcedure
    .output(
      z.object({
        sessions: z.array(
          z.object({
            id: z.number(),
            device: z.string(),
            createdAt: z.date(),
            lastSeenAt: z.date(),
            current: z.boolean(),
          }),
        ),
      }),
    )
    .query(async ({ ctx }) => ({
      sessions: await listSessions(ctx.em, ctx.user.id, ctx.identity.sessionId),
    })),

  /** Ends one session; ending this browser's own signs it out. */
  end: sessionProcedure
    .input(z.object({ id: recordId }))
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await endSession(ctx, { userId: ctx.user.id, sessionId: input.id });
      if (ctx.identity.sessionId === input.id) ctx.session.clear();
      return { success: true as const };
    }),

  /** "Se déconnecter de tous les appareils": every session, this one included. */
  endAll: sessionProcedure.output(success).mutation(async ({ ctx }) => {
    await endSessions(ctx.em, ctx.liveSessions, ctx.user.id);
    ctx.session.clear();
    return { success: true as const };
  }),
});
