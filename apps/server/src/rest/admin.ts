import { appRouter } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, inputField, pathId } from '../openapi/operation';
import { procedureInput } from '../openapi/schemas';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';

const { admin } = appRouter;

/** A member's path parameter, validated as the procedures' `userId`. */
const memberId = pathId('id', admin.member, 'userId', 'Identifiant du membre.', 2);

/** The operator's console: members, their credits and suspensions. Moderation is in moderation.ts. */
export function registerAdminRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/admin/users',
      tag: 'Modération',
      summary: 'Chercher des membres',
      description: 'Par e-mail, nom ou pseudo (contient `q`) ; les plus récents sans `q`. 50 au plus.',
      access: 'admin',
      query: [
        {
          name: 'q',
          schema: inputField(admin.members, 'q'),
          description: 'Ce que l’e-mail, le prénom, le nom ou le pseudo contient.',
          example: 'durand',
          required: false,
        },
      ],
      answer: answerOf(admin.members, 'Les membres trouvés.'),
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.members({ q: untrusted(untrustedField(request.query, 'q')) }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/admin/users/{id}',
      tag: 'Modération',
      summary: 'Un membre',
      description: 'Le compte, sa suspension, ses 50 derniers mouvements de crédits, générations et publications.',
      access: 'admin',
      params: [memberId],
      answer: answerOf(admin.member, 'Le membre.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.member({ userId: untrusted(untrustedField(request.params, 'id')) }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/admin/users/{id}/credits',
      tag: 'Modération',
      summary: 'Donner ou retirer des crédits',
      description:
        'Un mouvement du registre à part (`admin_adjustment`), dont le membre lit le motif dans son historique ; un retrait ne rend jamais le solde négatif (409). Inscrit au journal.',
      access: 'admin',
      params: [memberId],
      body: {
        kind: 'json',
        schema: procedureInput(admin.adjustCredits).omit({ userId: true }),
        example: { amount: 100, reason: 'Remboursement d’une génération ratée' },
      },
      answer: answerOf(admin.adjustCredits, 'Le nouveau solde.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.adjustCredits({
        userId: untrusted(untrustedField(request.params, 'id')),
        amount: untrusted(untrustedField(request.body, 'amount')),
        reason: untrusted(untrustedField(request.body, 'reason')),
      }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/admin/users/{id}/suspend',
      tag: 'Modération',
      summary: 'Suspendre un membre',
      description:
        'Met fin à ses sessions et jetons d’API, masque ses publications et refuse sa connexion avec la motivation donnée. Un administrateur ne peut pas l’être (409). Inscrit au journal.',
      access: 'admin',
      params: [memberId],
      body: {
        kind: 'json',
        schema: procedureInput(admin.suspend).omit({ userId: true }),
        example: { statement: 'Publications répétées de contenus haineux (conditions d’utilisation, article 4).' },
      },
      answer: answerOf(admin.suspend, 'Suspendu.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.suspend({
        userId: untrusted(untrustedField(request.params, 'id')),
        statement: untrusted(untrustedField(request.body, 'statement')),
      }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/admin/users/{id}/unsuspend',
      tag: 'Modération',
      summary: 'Lever une suspension',
      description:
        'La connexion est de nouveau possible et les publications masquées avec elle reviennent. Inscrit au journal.',
      access: 'admin',
      params: [memberId],
      body: {
        kind: 'json',
        schema: procedureInput(admin.unsuspend).omit({ userId: true }),
        example: { reason: 'Réexamen : suspension levée.' },
      },
      answer: answerOf(admin.unsuspend, 'Suspension levée.'),
      refusals: [409],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.unsuspend({
        userId: untrusted(untrustedField(request.params, 'id')),
        reason: untrusted(untrustedField(request.body, 'reason')),
      }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/admin/overview',
      tag: 'Modération',
      summary: 'L’activité en un coup d’œil',
      description:
        'Sur les `days` derniers jours, d’après le registre, les paiements, les factures et les générations : argent encaissé par devise (centimes), crédits par nature, générations terminées par moteur, état et cause, signalements, nouveaux membres. `cloudSpend` est null : les générations n’enregistrent pas encore le prix de leurs modèles.',
      access: 'admin',
      query: [
        {
          name: 'days',
          schema: inputField(admin.overview, 'days'),
          description: 'La période, en jours (30 par défaut, de 1 à 366).',
          example: 30,
          required: false,
        },
      ],
      answer: answerOf(admin.overview, 'Les chiffres de la période.'),
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.admin.overview({ days: untrusted(untrustedField(request.query, 'days')) }),
    ),
  });
}
