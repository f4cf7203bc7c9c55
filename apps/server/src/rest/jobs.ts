import type { FastifyInstance, FastifyReply } from 'fastify';
import { restHandler, untrusted, type CallerFactory } from './call';

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
  app.get(
    '/api/jobs/:id',
    restHandler(callerFor, (caller, request) => caller.jobs.get(jobId(request.params))),
  );
  app.post(
    '/api/jobs/:id/cancel',
    restHandler(callerFor, (caller, request) => caller.jobs.cancel(jobId(request.params))),
  );
  app.get(
    '/api/jobs/:id/events',
    restHandler(callerFor, async (_caller, request, reply) => {
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
  );
}
