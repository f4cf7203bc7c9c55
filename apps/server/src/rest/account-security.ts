import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';

/** The account's sessions and personal API tokens, as the settings page manages them. */
export function registerAccountSecurityRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  app.get(
    '/api/account/sessions',
    restHandler(callerFor, (caller) => caller.sessions.list()),
  );
  app.delete(
    '/api/account/sessions',
    restHandler(callerFor, (caller) => caller.sessions.endAll()),
  );
  app.delete(
    '/api/account/sessions/:id',
    restHandler(callerFor, (caller, request) =>
      caller.sessions.end({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  );

  app.get(
    '/api/account/tokens',
    restHandler(callerFor, (caller) => caller.apiTokens.list()),
  );
  app.post(
    '/api/account/tokens',
    restHandler(callerFor, async (caller, request, reply) =>
      reply.code(201).send(await caller.apiTokens.create(untrusted(request.body))),
    ),
  );
  app.delete(
    '/api/account/tokens',
    restHandler(callerFor, (caller) => caller.apiTokens.revokeAll()),
  );
  app.delete(
    '/api/account/tokens/:id',
    restHandler(callerFor, (caller, request) =>
      caller.apiTokens.revoke({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  );
}
