import type { ListVersions, SessionData } from '@atelier/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { restHandler, type Caller, type CallerFactory } from './call';
import { answerFromMemory, sendPolledList } from './etag';

/**
 * The polled lists are asked every few seconds by every open page: their answers are logged from
 * `warn` only (errors still are), not two lines each.
 */
export const POLLED_ROUTE = { logLevel: 'warn' } satisfies RouteShorthandOptions;

export interface PolledList<Page> {
  /** The page the client asks for, unchecked, from its path and query string. */
  page: (request: FastifyRequest) => unknown;
  /** The input schema of the list's procedures, which checks it. */
  schema: z.ZodType<Page>;
  /** The list's tag for this session, from `ListVersions` (the rule the `version` procedure gives too); null to ask the list. */
  tag: (versions: ListVersions, session: SessionData | null, page: Page) => string | null;
  cacheControl: string;
  headers?: Record<string, string>;
  /** The list itself, through the procedure: its checks (session, ownership, input) and its query. */
  load: (caller: Caller, page: never) => Promise<{ version: string; body: unknown }>;
}

/**
 * A polled list's route. An unchanged poll, or a page already sent under the same tag, is answered
 * from memory: the page checked by the procedures' own schema, the tag from the sealed session and
 * the in-memory versions, then 304 or the bytes last sent, with no procedure call, query or
 * serialising. Anything else (a new tag, a page the schema refuses, a viewer whose tag is null, a
 * personal API token, which only the procedures resolve) goes through the list procedure as before.
 */
export function polledListHandler<Page>(app: FastifyInstance, callerFor: CallerFactory, list: PolledList<Page>) {
  const throughProcedure = restHandler(callerFor, (caller, request, reply) =>
    sendPolledList(request, reply, list.cacheControl, null, () => list.load(caller, list.page(request) as never)),
  );
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    reply.header('cache-control', list.cacheControl).headers(list.headers ?? {});
    if (request.headers.authorization === undefined) {
      const page = list.schema.safeParse(list.page(request));
      if (page.success) {
        const { session, versions } = await callerFor.listView(request, reply);
        const tag = list.tag(versions, session, page.data);
        const answered = tag === null ? null : answerFromMemory(request, reply, tag);
        if (answered) return answered;
      }
    }
    return throughProcedure.call(app, request, reply);
  };
}
