import { appRouter } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, inputField, pathId } from '../openapi/operation';
import { procedureInput } from '../openapi/schemas';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';

const { moderation, admin } = appRouter;

const statementExample = 'Image à caractère violent, contraire aux conditions d’utilisation (article 4).';

/** Reports by anyone, the owner's review request, and the administrators' decisions on reports. */
export function registerModerationRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/posts/{postId}/reports',
      tag: 'Modération',
      summary: 'Signaler une publication',
      description:
        'Par un visiteur ou un membre : le motif, et des précisions facultatives (1000 caractères au plus). Signaler à nouveau la même publication ne change rien. Limité par adresse.',
      access: 'viewer',
      params: [pathId('postId', moderation.report, 'postId', 'Identifiant de la publication.', 4)],
      body: {
        kind: 'json',
        schema: procedureInput(moderation.report).omit({ postId: true }),
        example: { reason: 'violence', details: 'Scène choquante en plein fil.' },
      },
      answer: answerOf(moderation.report, 'Signalement reçu : un accusé de réception.'),
      created: true,
      refusals: [404, 429],
    },
    handler: restHandler(callerFor, async (caller, request, reply) =>
      reply.code(201).send(
        await caller.moderation.report({
          postId: untrusted(untrustedField(request.params, 'postId')),
          reason: untrusted(untrustedField(request.body, 'reason')),
          details: untrusted(untrustedField(request.body, 'details')),
        }),
      ),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/gallery/{id}/review',
      tag: 'Modération',
      summary: 'Demander un réexamen',
      description: 'Pour une publication masquée par la modération, par son auteur : une seule fois.',
      access: 'account',
      params: [pathId('id', moderation.requestReview, 'id', "Identifiant de l'élément de galerie.", 4)],
      answer: answerOf(moderation.requestReview, 'Demande enregistrée.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.moderation.requestReview({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/admin/reports',
      tag: 'Modération',
      summary: 'Publications signalées',
      description:
        'Une ligne par publication : son image, son auteur, les motifs comptés, les précisions ; la plus anciennement signalée d’abord (100 au plus).',
      access: 'admin',
      query: [
        {
          name: 'status',
          schema: inputField(admin.reports, 'status'),
          description: '`open` (par défaut) : à traiter ; `upheld` : publication masquée ; `dismissed` : classés.',
          example: 'open',
          required: false,
        },
      ],
      answer: answerOf(admin.reports, 'Les publications signalées.'),
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.reports({ status: untrusted(untrustedField(request.query, 'status')) }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/admin/reports/{id}/decision',
      tag: 'Modération',
      summary: 'Décider d’un signalement',
      description:
        '`hide` masque la publication (fil, page, partage et fichiers, sauf pour son auteur, qui lit la motivation) ; `dismiss` la laisse. Vaut pour tous les signalements ouverts de la publication ; inscrit au journal.',
      access: 'admin',
      params: [pathId('id', admin.decide, 'reportId', 'Identifiant du signalement.', 1)],
      body: {
        kind: 'json',
        schema: procedureInput(admin.decide).omit({ reportId: true }),
        example: { action: 'hide', statement: statementExample },
      },
      answer: answerOf(admin.decide, 'Décision prise.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.decide({
        reportId: untrusted(untrustedField(request.params, 'id')),
        action: untrusted(untrustedField(request.body, 'action')),
        statement: untrusted(untrustedField(request.body, 'statement')),
      }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/admin/posts/{id}/restore',
      tag: 'Modération',
      summary: 'Rétablir une publication masquée',
      description: 'Annule le masquage : la publication retrouve sa place si elle était publiée ; inscrit au journal.',
      access: 'admin',
      params: [pathId('id', admin.restorePost, 'postId', 'Identifiant de la publication.', 4)],
      body: {
        kind: 'json',
        schema: procedureInput(admin.restorePost).omit({ postId: true }),
        example: { reason: 'Réexamen : la publication respecte les conditions.' },
      },
      answer: answerOf(admin.restorePost, 'Rétablie.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.restorePost({
        postId: untrusted(untrustedField(request.params, 'id')),
        reason: untrusted(untrustedField(request.body, 'reason')),
      }),
    ),
  });
}
