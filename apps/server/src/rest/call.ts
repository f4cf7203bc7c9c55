import { createCaller, describeError } from '@atelier/api';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

export type Caller = ReturnType<typeof createCaller>;
export type CallerFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

/** The REST error body: a French `message`, plus `error` and `fieldErrors` where they apply. */
export function sendProcedureError(reply: FastifyReply, error: TRPCError): FastifyReply {
  const { message, data } = describeError(error);
  const body: Record<string, unknown> = { message };
  if (data.clientCode) body.error = data.clientCode;
  if (data.fieldErrors) body.fieldErrors = data.fieldErrors;
  return reply.code(getHTTPStatusCodeFromError(error)).send(body);
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
