import { appRouter, videosVersionCheck, type MediaDeps } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf, inputField, mediaExample, pageLimit, pathId } from '../openapi/operation';
import { procedureOutputObject } from '../openapi/schemas';
import {
  generationBody,
  restHandler,
  untrusted,
  untrustedField,
  type CallerFactory,
  type ContextFactory,
} from './call';
import { registerPolledList } from './etag';
import { sendStoredFile } from './files';

const procedures = appRouter.videos;
const videoId = pathId('id', procedures.delete, 'id', 'Identifiant de la vidéo.', 3);

export function registerVideoRoutes(
  app: FastifyInstance,
  callerFor: CallerFactory,
  contextFor: ContextFactory,
  media: MediaDeps,
): void {
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/videos/create-placeholder',
      tag: 'Vidéos',
      summary: 'Réserver une vidéo',
      access: 'account',
      body: bodyOf(procedures.createPlaceholder, {
        sourceImagePath: mediaExample,
        prompt: 'Travelling lent',
        placeholderId: 'ph-1',
      }),
      answer: answerOf(procedures.createPlaceholder, 'La vidéo réservée.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) => caller.videos.createPlaceholder(untrusted(request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/generate-video',
      tag: 'Vidéos',
      summary: 'Générer une vidéo',
      description:
        '6 secondes en 768p ; son prix (`/api/transform/quote` avec `kind: "video"`, `creditsCharged` dans la réponse) est pris seulement quand la vidéo est faite ; attend 10 minutes au plus.',
      access: 'account',
      body: bodyOf(procedures.generate, { imageUrl: mediaExample, prompt: 'Travelling lent' }),
      answer: answerOf(procedures.generate, 'La vidéo faite.'),
      refusals: [404],
      generation: true,
    },
    handler: restHandler(callerFor, (caller, request) => caller.videos.generate(generationBody(request, request.body))),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/videos/update-placeholder',
      tag: 'Vidéos',
      summary: 'Compléter une vidéo réservée',
      access: 'account',
      body: bodyOf(procedures.updatePlaceholder, {
        videoUrl: '/api/media/videos/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.mp4',
        sourceImagePath: mediaExample,
      }),
      answer: answerOf(procedures.updatePlaceholder, 'La vidéo.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) => caller.videos.updatePlaceholder(untrusted(request.body))),
  });

  // Polled every 2 s by the phone studio: an unchanged list answers 304 without a query.
  registerPolledList(
    app,
    {
      method: 'GET',
      path: '/api/videos/all/{userId}',
      tag: 'Vidéos',
      summary: 'Vidéos de l’utilisateur',
      access: 'account',
      params: [pathId('userId', procedures.list, 'userId', "L'identifiant de l'utilisateur de la session.", 1)],
      query: [
        pageLimit(procedures.list),
        {
          name: 'offset',
          schema: inputField(procedures.list, 'offset'),
          description: 'Vidéos à sauter.',
          example: 0,
          required: false,
        },
      ],
      answer: {
        kind: 'json',
        schema: procedureOutputObject(procedures.list).omit({ version: true }),
        description: 'Les vidéos, la plus récente d’abord.',
      },
      refusals: [403],
      polled: true,
    },
    contextFor,
    {
      check: videosVersionCheck,
      page: (request) => ({
        userId: untrustedField(request.params, 'userId'),
        limit: untrustedField(request.query, 'limit'),
        offset: untrustedField(request.query, 'offset'),
      }),
      list: async (caller, page) => {
        const { version, ...body } = await caller.videos.list(page);
        return { version, body };
      },
      headers: { 'cache-control': 'private, no-cache' },
    },
  );

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/videos/download/{id}',
      tag: 'Vidéos',
      summary: 'Télécharger une vidéo',
      access: 'account',
      params: [videoId],
      answer: { kind: 'file', mediaTypes: ['video/mp4'], description: 'Le fichier MP4, en pièce jointe.' },
      refusals: [404],
      ranges: true,
    },
    handler: restHandler(callerFor, async (caller, request, reply) => {
      const { key, filename } = await caller.videos.file(untrusted({ id: (request.params as { id: string }).id }));
      return sendStoredFile(reply, media.storage, key, {
        'cache-control': 'private, no-cache',
        'content-disposition': `attachment; filename="${filename}"`,
      });
    }),
  });

  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/videos/{id}',
      tag: 'Vidéos',
      summary: 'Supprimer une vidéo',
      description: 'Une vidéo en cours de fabrication est annulée : elle ne coûte rien.',
      access: 'account',
      params: [videoId],
      answer: answerOf(procedures.delete, 'Vidéo supprimée.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.videos.delete(untrusted({ id: (request.params as { id: string }).id })),
    ),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/videos/{id}/public',
      tag: 'Vidéos',
      summary: 'Publier une vidéo',
      description: 'La vidéo terminée rejoint le fil public et reçoit sa page publique.',
      access: 'account',
      params: [videoId],
      answer: answerOf(procedures.publish, 'Publiée ; `postId` est sa publication.'),
      refusals: [404, 409],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.videos.publish(untrusted({ id: (request.params as { id: string }).id })),
    ),
  });
}
