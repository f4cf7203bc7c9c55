import { MAX_BATCH_CALLS } from '@atelier/catalog';
import type { FastifyInstance } from 'fastify';

export const batchMessages = {
  tooManyCalls: `Trop d'appels dans une même requête (${MAX_BATCH_CALLS} au plus).`,
} as const;

/**
 * One batched tRPC request may hold at most MAX_BATCH_CALLS calls: beyond, it is refused whole
 * (413) before any runs, so one request cannot queue unbounded work.
 */
export function limitBatches(trpc: FastifyInstance): void {
  trpc.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://atelier.invalid');
    if (url.searchParams.get('batch') !== '1') return;
    // The procedure list is the last path segment, its commas sent as they are or escaped.
    const calls = (url.pathname.split('/').pop() ?? '').split(/,|%2c/i).length;
    if (calls > MAX_BATCH_CALLS) return reply.code(413).send({ message: batchMessages.tooManyCalls });
  });
}
