import { apiTokenCreateSchema } from '@atelier/catalog';
import { API_TOKEN_SCOPES } from '@atelier/db';
import { z } from 'zod';
import { createToken, listTokens, revokeToken, revokeTokens } from '../security/tokens';
import { recordId } from '../shared/input';
import { router, sessionProcedure } from '../trpc';

const tokenSummary = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});

/** Personal API tokens for third-party REST clients (`Authorization: Bearer atl_…`), made and revoked in a session. */
export const apiTokensRouter = router({
  list: sessionProcedure
    .output(z.object({ tokens: z.array(tokenSummary) }))
    .query(async ({ ctx }) => ({ tokens: await listTokens(ctx.em, ctx.user.id) })),

  /** The answer holds the token itself, shown this once: only its hash is kept. */
  create: sessionProcedure
    .input(apiTokenCreateSchema)
    .output(z.object({ token: z.string(), item: tokenSummary }))
    .mutation(({ ctx, input }) => createToken(ctx.em, ctx.user.id, input)),

  revoke: sessionProcedure
    .input(z.object({ id: recordId }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await revokeToken(ctx.em, ctx.user.id, input.id);
      return { success: true as const };
    }),

  /** Every token of the account at once; how many there were. */
  revokeAll: sessionProcedure
    .output(z.object({ revoked: z.number().int() }))
    .mutation(async ({ ctx }) => ({ revoked: await revokeTokens(ctx.em, ctx.user.id) })),
});
