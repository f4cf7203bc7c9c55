import type { ListVersion } from '@atelier/api';
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
 * The last bodies this process sent, by the tag they were sent under. A tag names one version of
 * one page for one viewer, and any write on any instance changes it, so a body found here is
 * exactly what the query would give: a reload or another visitor of the same feed page costs one
 * session check instead of the list query. Bounded in count and in age.
 */
class BodiesByTag {
  private readonly bodies = new Map<string, { body: string; expiresAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(tag: string): string | undefined {
    const entry = this.bodies.get(tag);
    if (entry && entry.expiresAt > this.now()) return entry.body;
    this.bodies.delete(tag);
    return undefined;
  }

  set(tag: string, body: string): void {
    this.bodies.delete(tag);
    if (this.bodies.size >= this.limit) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(tag, { body, expiresAt: this.now() + this.ttlMs });
  }
}

const recentBodies = new BodiesByTag(500, 60_000);

/**
 * A polled list behind an ETag. `current` comes from the list's `version` procedure, which knows
 * the caller the way every call does (the session's row, or the API token), so an ended session
 * has no tag. When the client's copy carries the current tag, 304 with no body and `load` never
 * runs: the client already holds what it would be sent. A body remembered under the current tag
 * is exactly what the list would give that caller; otherwise `load` runs the list, with its own
 * checks, and its body is tagged with the version it read before its query.
 */
export async function sendPolledList(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  current: ListVersion,
  load: () => Promise<{ version: string; body: unknown }>,
): Promise<unknown> {
  reply.header('cache-control', cacheControl);
  const { version: currentVersion } = current;
  if (currentVersion !== null) {
    if (clientHasCurrent(request, quoted(currentVersion))) {
      return reply.code(304).header('etag', quoted(currentVersion)).send();
    }
    const known = recentBodies.get(currentVersion);
    if (known !== undefined) {
      return reply.header('etag', quoted(currentVersion)).type('application/json').send(known);
    }
  }
  const { version, body } = await load();
  const json = JSON.stringify(body);
  recentBodies.set(version, json);
  return reply.header('etag', quoted(version)).type('application/json').send(json);
}
