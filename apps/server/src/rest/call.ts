import { createCaller, describeError, JobPendingError, type ListVersions, type SessionData } from '@atelier/api';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

export type Caller = ReturnType<typeof createCaller>;

/** What a polled list's tag is made of, read without a caller: the sealed session and the lists' versions. */
export interface ListView {
  session: SessionData | null;
  versions: ListVersions;
}

/**
 * The caller for one request; `signal` ends what the call streams (a job's events) when the client
 * leaves. `listView` serves the polled lists' fast path (see polled.ts).
 */
export type CallerFactory = ((request: FastifyRequest, reply: FastifyReply, signal?: AbortSignal) => Promise<Caller>) & {
  listView: (request: FastifyRequest, reply: FastifyReply) => Promise<ListView>;
};

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
  return reply.code(getHTTPStatusCodeFromError(error)).send({ ...body, ...shape(message) });
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
  return async (request, reply) => {
    const caller = await callerFor(request, reply);
    try {
      return await handle(caller, request, reply);
    } catch (error) {
      if (error instanceof JobPendingError) return sendJobPending(reply, error);
      if (error instanceof TRPCError) return sendProcedureError(reply, error);
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
  return typeof source === 'object' && source !== null && Object.hasOwn(source, name) ? Reflect.get(source, name) : undefined;
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
