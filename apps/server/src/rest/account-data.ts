import { appRouter, writeAccountArchive, type MediaDeps } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf } from '../openapi/operation';
import { restHandler, untrusted, type CallerFactory } from './call';

/** The account's GDPR rights: a copy of everything it holds, and its deletion. */
export function registerAccountDataRoutes(app: FastifyInstance, callerFor: CallerFactory, media: MediaDeps): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/account/export',
      tag: 'Compte',
      summary: 'Exporter mes données',
      description:
        'Une archive ZIP : `donnees.json` (profil, historique des crédits et paiements, galerie et publications, vidéos, imports, transformations, workflows, mentions « J’aime », appareils connectés et jetons d’API, sans aucun secret) et, sous `media/`, les images et vidéos du compte, chacune au chemin de son adresse `/api/media/<clé>`.',
      access: 'session',
      answer: {
        kind: 'file',
        mediaTypes: ['application/zip'],
        description: 'L’archive, en pièce jointe (dix par minute au plus).',
      },
      refusals: [429],
    },
    handler: restHandler(callerFor, async (caller, _request, reply) => {
      const account = await caller.account.export();
      return reply
        .type('application/zip')
        .headers({
          'cache-control': 'private, no-store',
          'content-disposition': `attachment; filename="${account.filename}"`,
        })
        .send(await writeAccountArchive(media.storage, account));
    }),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/account/delete',
      tag: 'Compte',
      summary: 'Supprimer mon compte',
      description:
        'Avec le mot de passe du compte : supprime le compte, ses sessions, jetons d’API, imports, résultats, vidéos, workflows, mentions « J’aime » et publications, en base et dans le stockage ; l’historique des crédits et les paiements sont gardés pour la comptabilité, sans lien avec la personne. 409 tant qu’une génération est en cours.',
      access: 'session',
      body: bodyOf(appRouter.account.delete, { password: 'motdepasse' }),
      answer: answerOf(appRouter.account.delete, 'Le compte est supprimé ; la session est fermée.'),
      refusals: [409, 429],
    },
    handler: restHandler(callerFor, (caller, request) => caller.account.delete(untrusted(request.body))),
  });
}
