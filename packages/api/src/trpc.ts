import { RequestContext, User } from '@atelier/db';
import { initTRPC, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import superjson from 'superjson';
import { z } from 'zod';
import type { Context } from './context';
import { tokenMessages } from './security/tokens';
import { AppError, commonMessages, messageForStatus, type AppErrorCode } from './shared/errors';
import { rateLimitSubject, type RateLimits } from './shared/rate-limit';
import { resourceFault } from './shared/faults';

// Zod's own messages (wrong types, missing fields) in French, for every schema of the API.
z.config(z.locales.fr());

interface ValidationIssue {
  path: PropertyKey[];
  message: string;
}

function isValidationFailure(cause: unknown): cause is { issues: ValidationIssue[] } {
  return typeof cause === 'object' && cause !== null && Array.isArray((cause as { issues?: unknown }).issues);
}

function fieldErrorsOf(issues: ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

export interface AppErrorData {
  appCode: AppErrorCode | 'INTERNAL';
  clientCode?: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/** The client-facing message and data of any error a procedure raised: tRPC and REST share it. */
export function describeError(error: TRPCError): { message: string; data: AppErrorData } {
  if (error instanceof AppError) {
    return {
      message: error.message,
      data: {
        appCode: error.appCode,
        clientCode: error.clientCode,
        fieldErrors: error.fieldErrors,
        retryAfterSeconds: error.retryAfterSeconds,
      },
    };
  }
  if (error.code === 'BAD_REQUEST' && isValidationFailure(error.cause)) {
    return {
      message: error.cause.issues[0]?.message ?? commonMessages.invalidInput,
      data: { appCode: 'VALIDATION', fieldErrors: fieldErrorsOf(error.cause.issues) },
    };
  }
  if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
    return { message: commonMessages.invalidInput, data: { appCode: 'VALIDATION' } };
  }
  if (error.code === 'NOT_FOUND') return { message: commonMessages.notFound, data: { appCode: 'NOT_FOUND' } };
  // tRPC's own refusals (a wrong method, say) by their status; anything else is a bug: say nothing of its insides.
  const status = getHTTPStatusCodeFromError(error);
  return { message: messageForStatus(status), data: { appCode: status < 500 ? 'VALIDATION' : 'INTERNAL' } };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Job progress streams stay open for minutes: a ping keeps proxies from cutting them as idle.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
  errorFormatter({ shape, error }) {
    const { message, data } = describeError(error);
    return {
      ...shape,
      message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...data },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Each procedure gets its own EntityManager: one batched HTTP request runs several at once. A
 * procedure that failed because the database or the disk did is answered as such (see resourceFault).
 */
const withEntityManager = t.middleware(async ({ ctx, next }) => {
  const em = ctx.orm.em.fork();
  const result = await RequestContext.create(em, () => next({ ctx: { em } }));
  const fault = result.ok ? null : resourceFault(result.error);
  if (fault) throw fault;
  return result;
});

export const publicProcedure = t.procedure.use(withEntityManager);

/** Resolves the signed-in user (live session, or valid API token), or null for a visitor. */
export const optionalUserProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const identity = await ctx.identify();
  const user = identity ? await ctx.em.findOne(User, identity.userId) : null;
  return next({ ctx: { user, identity: user ? identity : null } });
});

/** A signed-in user; an API token of the `read` scope may only query, never change or generate. */
export const authedProcedure = optionalUserProcedure.use(({ ctx, type, next }) => {
  if (!ctx.user || !ctx.identity) throw new AppError('UNAUTHENTICATED', commonMessages.unauthenticated);
  if (type !== 'query' && ctx.identity.via === 'token' && ctx.identity.scope === 'read') {
    throw new AppError('FORBIDDEN', tokenMessages.readOnly);
  }
  return next({ ctx: { user: ctx.user, identity: ctx.identity } });
});

/**
 * Counts the call against one of the limits, for the signed-in user or else the client's
 * address; after the user is known (`.use` it after the procedure kind).
 */
export function rateLimited(limit: keyof RateLimits) {
  return async <R>({
    ctx,
    next,
  }: {
    ctx: { user: { id: number } | null; ip: string; limits: RateLimits };
    next: () => Promise<R>;
  }): Promise<R> => {
    await ctx.limits[limit].hit(rateLimitSubject(ctx));
    return next();
  };
}
