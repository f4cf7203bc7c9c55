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
 * The last bodies sent, by the tag they were sent under. A tag names one version of one page for
 * one viewer, and any write that changes the list changes its tag, so a body found here is
 * exactly what the query would give: the same page for another visitor, or a reload, costs no
 * query either. Bounded; the oldest entries go first.
 */
class BodiesByTag {
  private readonly bodies = new Map<string, string>();

  constructor(private readonly limit: number) {}

  get(tag: string): string | undefined {
    return this.bodies.get(tag);
  }

  set(tag: string, body: string): void {
    if (this.bodies.size >= this.limit) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(tag, body);
  }
}

const recentBodies = new BodiesByTag(500);

/**
 * A polled list behind an ETag. When the client's copy carries `currentVersion` (known from
 * memory, without a query), 304 with no body and `load` never runs; when another request was
 * answered under that version, its body is sent again; otherwise the fresh body, tagged with the
 * version `load` read before its own query.
 */
export async function sendPolledList(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  currentVersion: string | null,
  load: () => Promise<{ version: string; body: unknown }>,
): Promise<unknown> {
  reply.header('cache-control', cacheControl);
  if (currentVersion !== null) {
    if (clientHasCurrent(request, quoted(currentVersion))) {
      return reply.code(304).header('etag', quoted(currentVersion)).send();
    }
    const known = recentBodies.get(currentVersion);
    if (known !== undefined) return reply.header('etag', quoted(currentVersion)).type('application/json').send(known);
  }
  const { version, body } = await load();
  const json = JSON.stringify(body);
  recentBodies.set(version, json);
  return reply.header('etag', quoted(version)).type('application/json').send(json);
}
