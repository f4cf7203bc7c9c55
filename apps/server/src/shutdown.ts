import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, every answer still going out says `Connection: close`, so a keep-alive
 * client's connection ends with its last answer instead of idling until the keep-alive timeout
 * (Node closes idle connections only once, when closing starts); requests arriving meanwhile get
 * Fastify's 503. The process can then exit as soon as the in-flight work is done.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    app.server.closeIdleConnections();
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });
}
