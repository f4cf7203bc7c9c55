import { MAX_BATCH_CALLS } from '@atelier/catalog';
import type { FastifyInstance } from 'fastify';
import { httpMessages } from './http-errors';

export const batchMessages = {
  tooManyCalls: `Trop d'appels dans une même requête (${MAX_BATCH_CALLS} au plus).`,
} as const;

/**
 * One batched tRPC request may hold at most MAX_BATCH_CALLS calls: beyond, it is refused whole
 * (413) before any runs, so one request cannot queue unbounded work.
 */
export function limitBatches(trpc: FastifyInstance): void {
  trpc.addHook('onRequest', async (request, reply) => {
    const { path } = request.params as { path?: string };
    if (path === undefined) return;
    // tRPC decodes the path the router already decoded once, then splits it at its commas: the
    // calls are counted the same way, or `%252C` would hide them. What it cannot decode it would
    // answer with a 500.
    let procedures: string;
    try {
      procedures = decodeURIComponent(path);
    } catch {
      return reply.code(400).send({ message: httpMessages.badUrl });
    }
    if (new URL(request.url, 'http://atelier.invalid').searchParams.get('batch') !== '1') return;
    if (procedures.split(',').length > MAX_BATCH_CALLS)
      return reply.code(413).send({ message: batchMessages.tooManyCalls });
  });
}
