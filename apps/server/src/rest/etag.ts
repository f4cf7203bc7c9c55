import type { FastifyReply, FastifyRequest } from 'fastify';

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
 * A polled list behind an ETag. When the client's copy carries `currentVersion` (known from
 * memory, without a query), 304 with no body and `load` never runs; otherwise the fresh body,
 * tagged with the version `load` read before its own query.
 */
export async function sendPolledList(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  currentVersion: string | null,
  load: () => Promise<{ version: string; body: unknown }>,
): Promise<unknown> {
  reply.header('cache-control', cacheControl);
  if (currentVersion !== null && clientHasCurrent(request, quoted(currentVersion))) {
    return reply.code(304).header('etag', quoted(currentVersion)).send();
  }
  const { version, body } = await load();
  reply.header('etag', quoted(version));
  return body;
}
