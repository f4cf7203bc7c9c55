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
  private readonly bodies = new Map<string, Buffer>();

  constructor(private readonly limit: number) {}

  get(tag: string): Buffer | undefined {
    return this.bodies.get(tag);
  }

  set(tag: string, body: Buffer): void {
    if (this.bodies.size >= this.limit) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(tag, body);
  }
}

const recentBodies = new BodiesByTag(500);

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers a polled list from memory when it can: 304 when the client's copy carries `version`, or
 * the bytes last sent under it (kept encoded: no serialising, no hashing). Null when neither can.
 */
export function answerFromMemory(request: FastifyRequest, reply: FastifyReply, version: string): FastifyReply | null {
  if (clientHasCurrent(request, quoted(version))) return reply.code(304).header('etag', quoted(version)).send();
  const known = recentBodies.get(version);
  return known === undefined ? null : reply.header('etag', quoted(version)).type(JSON_TYPE).send(known);
}

/**
 * A polled list behind an ETag. When `currentVersion` (known from memory, without a query) can
 * answer, `load` never runs; otherwise the fresh body, tagged with the version `load` read before
 * its own query.
 */
export async function sendPolledList(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  currentVersion: string | null,
  load: () => Promise<{ version: string; body: unknown }>,
): Promise<unknown> {
  reply.header('cache-control', cacheControl);
  const answered = currentVersion === null ? null : answerFromMemory(request, reply, currentVersion);
  if (answered) return answered;
  const { version, body } = await load();
  const bytes = Buffer.from(JSON.stringify(body));
  recentBodies.set(version, bytes);
  return reply.header('etag', quoted(version)).type(JSON_TYPE).send(bytes);
}
