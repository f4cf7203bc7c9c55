import type { FastifyInstance } from 'fastify';

/**
 * Node's requestTimeout cuts off a client that drips its headers, but no longer watches a body
 * dripped byte by byte once the headers are in. Such a body, still incomplete `timeoutMs` after
 * its headers, ends in error: the route answers 408 in French (see httpErrorReply) and the
 * connection closes.
 */
export function cutOffSlowBodies(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    const timer = setTimeout(() => {
      const tooSlow = Object.assign(new Error('request body not received in time'), {
        code: 'ERR_HTTP_REQUEST_TIMEOUT',
      });
      reply.header('connection', 'close');
      // Whoever reads the body (a parser, an upload) hears the error and the route answers;
      // a body nobody reads has nobody to answer it: its connection goes.
      if (raw.listenerCount('error') > 0) raw.emit('error', tooSlow);
      else raw.destroy(tooSlow);
    }, timeoutMs);
    const settled = () => clearTimeout(timer);
    raw.once('end', settled);
    raw.once('close', settled);
    done();
  });
}
