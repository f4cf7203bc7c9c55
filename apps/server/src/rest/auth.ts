import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, type CallerFactory } from './call';

export function registerAuthRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  app.post(
    '/api/register',
    restHandler(callerFor, (caller, request) => caller.auth.register(untrusted(request.body))),
  );
  app.post(
    '/api/login',
    restHandler(callerFor, (caller, request) => caller.auth.login(untrusted(request.body))),
  );
  app.post(
    '/api/auth/logout',
    restHandler(callerFor, (caller) => caller.auth.logout()),
  );
  app.get(
    '/api/user',
    restHandler(callerFor, async (caller, _request, reply) => {
      const user = await caller.auth.me();
      return user ?? reply.code(401).send({ message: 'Utilisateur non connecté' });
    }),
  );
  app.post(
    '/api/auth/forgot-password',
    restHandler(callerFor, (caller, request) => caller.auth.requestPasswordReset(untrusted(request.body))),
  );
  app.post(
    '/api/auth/reset-password',
    restHandler(callerFor, (caller, request) => caller.auth.resetPassword(untrusted(request.body))),
  );
  app.get(
    '/api/auth/account',
    restHandler(callerFor, (caller) => caller.account.get()),
  );
  app.post(
    '/api/account/update',
    restHandler(callerFor, (caller, request) => caller.account.update(untrusted(request.body))),
  );
  app.get(
    '/api/account/stats',
    restHandler(callerFor, (caller) => caller.account.stats()),
  );
}
