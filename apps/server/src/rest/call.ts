import { createCaller, describeError } from '@atelier/api';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

export type Caller = ReturnType<typeof createCaller>;
export type CallerFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

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
