import { appRouter } from '@atelier/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, pathId } from '../openapi/operation';
import { restHandler, untrusted, type CallerFactory } from './call';

const procedures = appRouter.jobs;
const jobIdParameter = pathId('id', procedures.get, 'id', 'Identifiant de la génération.', 7);

const jobId = (params: unknown) => untrusted({ id: (params as { id: string }).id });

/** One server-sent event per change of the job, until it ends or the client goes away. */
async function streamEvents(reply: FastifyReply, events: AsyncIterable<unknown>, signal: AbortSignal): Promise<void> {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  try {
    for await (const snapshot of events) {
      if (signal.aborted) break;
      reply.raw.write(`event: job\ndata: ${JSON.stringify(snapshot)}\n\n`);
    }
  } finally {
    reply.raw.end();
  }
}

/** The generation jobs of the caller: status, progress, result; their live events; cancel. */
export function registerJobRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/jobs/{id}',
      tag: 'Générations',
      summary: 'État d’une génération',
      description: 'Statut, progression et étape, place dans la file, résultat ou erreur, graine.',
      access: 'account',
      params: [jobIdParameter],
      answer: answerOf(procedures.get, 'La génération.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) => caller.jobs.get(jobId(request.params))),
  });
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/jobs/{id}/events',
      tag: 'Générations',
      summary: 'Suivre une génération',
      description: 'Server-sent events : un événement `job` par changement, jusqu’à la fin de la génération.',
      access: 'account',
      params: [jobIdParameter],
      answer: { kind: 'events', description: 'Chaque `data` est un `JobSnapshot` en JSON.' },
      refusals: [404],
    },
    handler: restHandler(callerFor, async (_caller, request, reply) => {
      const closed = new AbortController();
      request.raw.on('close', () => closed.abort());
      const caller = await callerFor(request, reply, closed.signal);
      // The first event is read before answering, so a job that is not the caller's gets a JSON 404.
      const events = (await caller.jobs.events(jobId(request.params)))[Symbol.asyncIterator]();
      const first = await events.next();
      const all = (async function* () {
        if (!first.done) yield first.value;
        yield* { [Symbol.asyncIterator]: () => events };
      })();
      await streamEvents(reply, all, closed.signal);
    }),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/jobs/{id}/cancel',
      tag: 'Générations',
      summary: 'Annuler une génération',
      description: 'Rend les crédits retenus ; 409 une fois la génération terminée.',
      access: 'account',
      params: [jobIdParameter],
      answer: answerOf(procedures.cancel, 'La génération annulée.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) => caller.jobs.cancel(jobId(request.params))),
  });
}
