import { RequestContext, User } from '@atelier/db';
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import superjson from 'superjson';
import { z } from 'zod';
import { adminMessages, isAdministrator } from './admin/access';
import type { Context } from './context';
import type { Identity } from './security/identity';
import { tokenMessages } from './security/tokens';
import { AppError, commonMessages, invalidInput, messageForStatus, type AppErrorCode } from './shared/errors';
import { rateLimitSubject, type RateLimits } from './shared/rate-limit';
import { resourceFault } from './shared/faults';

// Zod's own messages (wrong types, missing fields) in French, for every schema of the API.
z.config(z.locales.fr());

function isValidationFailure(cause: unknown): cause is { issues: { path: PropertyKey[]; message: string }[] } {
  return typeof cause === 'object' && cause !== null && Array.isArray((cause as { issues?: unknown }).issues);
}

/** Each AppError code as tRPC says it, which gives the HTTP status of its answer. */
const TRPC_CODES: Record<AppErrorCode, TRPCError['code']> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  INSUFFICIENT_CREDITS: 'PAYMENT_REQUIRED',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  UPSTREAM: 'BAD_GATEWAY',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** The AppError behind an error: itself, or the cause tRPC wrapped it in. */
function appErrorIn(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  return error instanceof TRPCError && error.cause instanceof AppError ? error.cause : undefined;
}

/**
 * What a procedure (or a REST handler around one) raised, as tRPC's error: an AppError with its
 * code's tRPC code, tRPC's own as they are; undefined for anything else. The one mapping of
 * AppError to tRPC: the procedures' middleware, the error formatter and the REST adapter use it.
 */
export function toProcedureError(error: unknown): TRPCError | undefined {
  const app = appErrorIn(error);
  if (!app) return error instanceof TRPCError ? error : undefined;
  const code = TRPC_CODES[app.appCode];
  return error instanceof TRPCError && error.code === code
    ? error
    : new TRPCError({ code, message: app.message, cause: app });
}

export interface AppErrorData {
  appCode: AppErrorCode | 'INTERNAL';
  clientCode?: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/** The client-facing message and data of any error a procedure raised: tRPC and REST share it. */
export function describeError(error: TRPCError): { message: string; data: AppErrorData } {
  const app = appErrorIn(error);
  if (app) {
    return {
      message: app.message,
      data: {
        appCode: app.appCode,
        clientCode: app.clientCode,
        fieldErrors: app.fieldErrors,
        retryAfterSeconds: app.retryAfterSeconds,
      },
    };
  }
  if (error.code === 'BAD_REQUEST' && isValidationFailure(error.cause)) {
    const refused = invalidInput(error.cause.issues);
    return { message: refused.message, data: { appCode: 'VALIDATION', fieldErrors: refused.fieldErrors } };
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
  // An AppError raised where no middleware maps it (in a subscription's stream) is mapped here.
  errorFormatter({ shape, error }) {
    const mapped = toProcedureError(error) ?? error;
    const { message, data } = describeError(mapped);
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[mapped.code],
      message,
      data: { code: mapped.code, httpStatus: getHTTPStatusCodeFromError(mapped), path: shape.data.path, ...data },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Each procedure gets its own EntityManager: one batched HTTP request runs several at once. A
 * procedure that failed because the database or the disk did is answered as such (see
 * resourceFault); an AppError is given its tRPC code.
 */
const withEntityManager = t.middleware(async ({ ctx, next }) => {
  const em = ctx.orm.em.fork();
  const result = await RequestContext.create(em, () => next({ ctx: { em } }));
  if (result.ok) return result;
  // Every caller (tRPC's transport, the REST adapter's) then gets the AppError's own code.
  throw toProcedureError(resourceFault(appErrorIn(result.error) ?? result.error) ?? result.error) ?? result.error;
});

export const publicProcedure = t.procedure.use(withEntityManager);

/** The signed-in user (live session, or valid API token) and how they came, or null for a visitor. */
const identifiedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const identity = await ctx.identify();
  const user = identity ? await ctx.em.findOne(User, identity.userId) : null;
  return next({ ctx: { user, identity: user ? identity : null } });
});

/** The caller, who must be signed in. */
function signedIn({ user, identity }: { user: User | null; identity: Identity | null }) {
  if (!user || !identity) throw new AppError('UNAUTHENTICATED', commonMessages.unauthenticated);
  return { user, identity };
}

/**
 * A visitor or a signed-in user; an API token of the `read` scope may only query and follow, never change or
 * generate, whatever the procedure.
 */
export const optionalUserProcedure = identifiedProcedure.use(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.identity?.via === 'token' && ctx.identity.scope === 'read') {
    throw new AppError('FORBIDDEN', tokenMessages.readOnly);
  }
  return next();
});

/** A signed-in user (a `read` token only queries, see optionalUserProcedure). */
export const authedProcedure = optionalUserProcedure.use(({ ctx, next }) => next({ ctx: signedIn(ctx) }));

/**
 * A signed-in person in their browser: the account's security (password, e-mail, sessions, API
 * tokens, data export, deletion) is a session's only, as for GitHub's and Stripe's keys. A token
 * that leaked can then read and generate until it is revoked, never take the account over.
 */
export const sessionProcedure = identifiedProcedure.use(({ ctx, next }) => {
  const { user, identity } = signedIn(ctx);
  if (identity.via === 'token') throw new AppError('FORBIDDEN', tokenMessages.sessionOnly);
  return next({ ctx: { user, identity } });
});

/**
 * An administrator (ADMIN_EMAILS) in their browser: visitors get 401, members 403, and so does any
 * API token (sessionProcedure), so a leaked token never carries an administrator's powers.
 */
export const adminProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (!isAdministrator(ctx.config, ctx.user.email)) throw new AppError('FORBIDDEN', adminMessages.forbidden);
  return next();
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
