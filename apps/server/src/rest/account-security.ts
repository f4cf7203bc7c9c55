import { appRouter } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf, pathId } from '../openapi/operation';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';

const { sessions, apiTokens } = appRouter;

/** The account's sessions and personal API tokens, as the settings page manages them. */
export function registerAccountSecurityRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/account/sessions',
      tag: 'Compte',
      summary: 'Sessions actives',
      description: 'Les appareils connectés au compte, avec leur dernière activité.',
      access: 'session',
      answer: answerOf(sessions.list, 'Les sessions actives.'),
    },
    handler: restHandler(callerFor, (caller) => caller.sessions.list()),
  });
  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/account/sessions/{id}',
      tag: 'Compte',
      summary: 'Fermer une session',
      access: 'session',
      params: [pathId('id', sessions.end, 'id', 'Identifiant de la session.', 2)],
      answer: answerOf(sessions.end, 'La session est fermée.'),
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.sessions.end({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  });
  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/account/sessions',
      tag: 'Compte',
      summary: 'Se déconnecter de tous les appareils',
      description: 'Ferme toutes les sessions du compte, celle-ci comprise.',
      access: 'session',
      answer: answerOf(sessions.endAll, 'Toutes les sessions sont fermées.'),
    },
    handler: restHandler(callerFor, (caller) => caller.sessions.endAll()),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/account/tokens',
      tag: 'Compte',
      summary: "Jetons d'API",
      access: 'session',
      answer: answerOf(apiTokens.list, "Les jetons d'API du compte (jamais leur valeur)."),
    },
    handler: restHandler(callerFor, (caller) => caller.apiTokens.list()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/account/tokens',
      tag: 'Compte',
      summary: "Créer un jeton d'API",
      description:
        "Le jeton n'est montré qu'une fois, dans cette réponse. Portée `read` (lecture) ou `generate` (peut dépenser des crédits).",
      access: 'session',
      body: bodyOf(apiTokens.create, { name: 'Mon script', scope: 'read' }),
      answer: answerOf(apiTokens.create, 'Le jeton créé.'),
      created: true,
      refusals: [409],
    },
    handler: restHandler(callerFor, async (caller, request, reply) =>
      reply.code(201).send(await caller.apiTokens.create(untrusted(request.body))),
    ),
  });
  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/account/tokens/{id}',
      tag: 'Compte',
      summary: "Révoquer un jeton d'API",
      access: 'session',
      params: [pathId('id', apiTokens.revoke, 'id', 'Identifiant du jeton.', 1)],
      answer: answerOf(apiTokens.revoke, 'Le jeton est révoqué.'),
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.apiTokens.revoke({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  });
  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/account/tokens',
      tag: 'Compte',
      summary: "Révoquer tous les jetons d'API",
      description:
        'Chaque jeton du compte est refusé dès sa requête suivante. La réponse dit combien ont été révoqués.',
      access: 'session',
      answer: answerOf(apiTokens.revokeAll, 'Les jetons sont révoqués.'),
    },
    handler: restHandler(callerFor, (caller) => caller.apiTokens.revokeAll()),
  });
}
