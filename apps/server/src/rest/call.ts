import { type createCaller, describeError, JobPendingError, toProcedureError, type Context } from '@atelier/api';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { refusalAnswer } from '../faults';

export type Caller = ReturnType<typeof createCaller>;
/** The caller for one request; `signal` ends what the call streams (a job's events) when the client leaves. */
export type CallerFactory = (request: FastifyRequest, reply: FastifyReply, signal?: AbortSignal) => Promise<Caller>;
/** The context a call of this request runs in (its session or token, read once): callers are made from it. */
export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/**
 * 503s that only say "ask again in a moment" (a thumbnail a worker is still drawing): expected, so
 * not logged as failures an operator must act on, unlike a database or Redis fault.
 */
const NOT_READY_YET: ReadonlySet<string> = new Set(['thumbnail_pending']);

/**
 * The REST error body: a French `message`, plus `error` and `fieldErrors` where they apply, and
 * what `shape` adds for a path whose documented error body differs.
 */
export function sendProcedureError(
  reply: FastifyReply,
  error: TRPCError,
  shape: (message: string) => Record<string, unknown> = () => ({}),
): FastifyReply {
  const { message, data } = describeError(error);
  const body: Record<string, unknown> = { message };
  if (data.clientCode) body.error = data.clientCode;
  if (data.fieldErrors) body.fieldErrors = data.fieldErrors;
  const answer = refusalAnswer([data]);
  const status = answer.status ?? getHTTPStatusCodeFromError(error);
  if (status >= 500 && data.clientCode && NOT_READY_YET.has(data.clientCode))
    reply.log.info({ clientCode: data.clientCode }, 'not ready yet, asked to retry');
  else if (status >= 500) reply.log.error({ err: error, cause: error.cause }, 'request failed');
  return reply
    .code(status)
    .headers(answer.headers)
    .send({ ...body, ...shape(message) });
}

/** A synchronous generation call past its wait: 202 with the job to follow, nothing is lost. */
export function sendJobPending(reply: FastifyReply, error: JobPendingError): FastifyReply {
  return reply.code(202).send({ jobId: error.jobId, status: 'pending', message: error.message });
}

/**
 * A REST handler is a thin shape over one or more procedures: the same caller as tRPC, so
 * authentication, validation and business rules are shared; only the JSON shape differs.
 */
export function restHandler(
  callerFor: CallerFactory,
  handle: (caller: Caller, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): RouteHandlerMethod {
  return answeringProcedureErrors(async (request, reply) => handle(await callerFor(request, reply), request, reply));
}

/** A handler whose procedures' refusals are answered as REST errors (see sendProcedureError). */
export function answeringProcedureErrors(
  handle: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): RouteHandlerMethod {
  return async (request, reply) => {
    try {
      return await handle(request, reply);
    } catch (error) {
      const failure = toProcedureError(error);
      if (failure?.cause instanceof JobPendingError) return sendJobPending(reply, failure.cause);
      if (failure) return sendProcedureError(reply, failure);
      throw error;
    }
  };
}

/** Client JSON handed to a procedure as is: the procedure's zod schema is what validates it. */
export function untrusted(value: unknown): never {
  return value as never;
}

/** One member of a client's JSON object, query string or path parameters, unchecked: for a procedure to validate. */
export function untrustedField(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null && Object.hasOwn(source, name)
    ? Reflect.get(source, name)
    : undefined;
}

/**
 * A generation request's body, marked to answer at once with its job (202) when the client sent
 * `Prefer: respond-async` (RFC 7240) instead of waiting for the result.
 */
export function generationBody(request: FastifyRequest, body: unknown): never {
  const respondAsync = /(^|[,\s])respond-async($|[,;\s])/i.test(String(request.headers.prefer ?? ''));
  if (!respondAsync || typeof body !== 'object' || body === null || Array.isArray(body)) return untrusted(body);
  return untrusted({ ...body, respondAsync: true });
}
