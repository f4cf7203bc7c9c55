import { checkListVersion, createCaller, type ListVersionCheck } from '@atelier/api';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ZodType } from 'zod';
import { apiRoute } from '../openapi/api-route';
import type { ApiOperation } from '../openapi/operation';
import { answeringProcedureErrors, type Caller, type ContextFactory } from './call';

const quoted = (version: string) => `"${version}"`;

/** Whether the client's If-None-Match names this tag (weakly or strongly, in a list, or `*`). */
function clientHasCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * The last bodies this process sent, by the tag they were sent under. A tag names one version of
 * one page for one viewer, and any write on any instance changes it, so a body found here is
 * exactly what the query would give: a reload or another visitor of the same feed page costs one
 * session check instead of the list query. Bounded in count and in age.
 */
class BodiesByTag {
  private readonly bodies = new Map<string, { body: Buffer; expiresAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(tag: string): Buffer | undefined {
    const entry = this.bodies.get(tag);
    if (entry && entry.expiresAt > this.now()) return entry.body;
    this.bodies.delete(tag);
    return undefined;
  }

  set(tag: string, body: Buffer): void {
    this.bodies.delete(tag);
    if (this.bodies.size >= this.limit) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(tag, { body, expiresAt: this.now() + this.ttlMs });
  }
}

const recentBodies = new BodiesByTag(500, 60_000);

/** A polled list: its version check, its page from the request, and how to list that page. */
export interface PolledList {
  check: ListVersionCheck<ZodType>;
  page(request: FastifyRequest): unknown;
  list(caller: Caller, page: never): Promise<{ version: string; body: unknown }>;
  /** Headers of every answer, 304 included: Cache-Control, Vary. */
  headers: Record<string, string>;
}

/**
 * A polled list behind an ETag. The list's version check runs first, on the call's context
 * without a tRPC caller: it knows the caller the way every call does (the session's row, or the
 * API token), so an ended session has no tag. When the client's copy carries the current tag,
 * 304 with no body and the list never runs: the client already holds what it would be sent. A
 * body remembered under the current tag is exactly what the list would give that caller;
 * otherwise the list procedure runs, with its own checks, on the same context, and its body is
 * tagged with the version it read before its query.
 */
export function registerPolledList(
  app: FastifyInstance,
  operation: ApiOperation,
  contextFor: ContextFactory,
  polled: PolledList,
): void {
  apiRoute(app, {
    operation,
    handler: polledListHandler(contextFor, polled),
    // Polled every few seconds by every open page: no two log lines per poll, only warnings and
    // errors (a 5xx is logged with its request id, see sendProcedureError and the error handler).
    options: { logLevel: 'warn' },
  });
}

function polledListHandler(contextFor: ContextFactory, polled: PolledList): RouteHandlerMethod {
  return answeringProcedureErrors(async (request, reply) => {
    const context = await contextFor(request, reply);
    const page = polled.page(request);
    const { version: currentVersion } = await checkListVersion(polled.check, context, page);
    reply.headers(polled.headers);
    if (currentVersion !== null) {
      if (clientHasCurrent(request, quoted(currentVersion))) {
        return reply.code(304).header('etag', quoted(currentVersion)).send();
      }
      const known = recentBodies.get(currentVersion);
      if (known !== undefined) {
        return reply.header('etag', quoted(currentVersion)).type('application/json').send(known);
      }
    }
    const { version, body } = await polled.list(createCaller(context), page as never);
    // Kept as bytes: the next senders skip the encoding.
    const json = Buffer.from(JSON.stringify(body));
    recentBodies.set(version, json);
    return reply.header('etag', quoted(version)).type('application/json').send(json);
  });
}
