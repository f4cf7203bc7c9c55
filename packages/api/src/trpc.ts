import { RequestContext, User } from '@atelier/db';
import { initTRPC, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import superjson from 'superjson';
import { z } from 'zod';
import type { Context } from './context';
import { AppError, commonMessages, messageForStatus, type AppErrorCode } from './shared/errors';
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
}

/** The client-facing message and data of any error a procedure raised: tRPC and REST share it. */
export function describeError(error: TRPCError): { message: string; data: AppErrorData } {
  if (error instanceof AppError) {
    return {
      message: error.message,
      data: { appCode: error.appCode, clientCode: error.clientCode, fieldErrors: error.fieldErrors },
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
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...data } };
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

/** Resolves the signed-in user from the session, or null for a visitor. */
export const optionalUserProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = ctx.session.read();
  let user = session ? await ctx.em.findOne(User, session.userId) : null;
  if (session && (!user || user.sessionVersion !== session.version)) {
    ctx.session.clear();
    user = null;
  }
  return next({ ctx: { user } });
});

export const authedProcedure = optionalUserProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', commonMessages.unauthenticated);
  return next({ ctx: { user: ctx.user } });
});
