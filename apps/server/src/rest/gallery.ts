import { appRouter, galleryVersionCheck, toProcedureError } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf, inputField, mediaExample, pageQuery, pathId } from '../openapi/operation';
import { procedureInput, procedureOutputObject } from '../openapi/schemas';
import {
  restHandler,
  sendProcedureError,
  untrusted,
  untrustedField,
  type CallerFactory,
  type ContextFactory,
} from './call';
import { registerPolledList } from './etag';

const procedures = appRouter.gallery;

/**
 * Fastify's router prefers a static segment to a parameter whatever the order of registration:
 * /api/gallery/batch, /api/gallery/bulk-delete and /api/gallery/default never reach `:id`.
 */
export function registerGalleryRoutes(
  app: FastifyInstance,
  callerFor: CallerFactory,
  contextFor: ContextFactory,
): void {
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/gallery/save',
      tag: 'Galerie et fil public',
      summary: 'Enregistrer dans la galerie',
      access: 'account',
      body: bodyOf(procedures.save, {
        transformedImagePath: mediaExample,
        transformationType: 'style',
        transformationOption: 'Aquarelle',
      }),
      answer: answerOf(procedures.save, "L'élément enregistré."),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) => caller.gallery.save(untrusted(request.body))),
  });

  registerPolledList(
    app,
    {
      method: 'GET',
      // One template with the DELETE below, whose `id` is an item's: a path told apart only by its
      // parameter's name is one path to OpenAPI, and code generators refuse two of them.
      path: '/api/gallery/{id}',
      tag: 'Galerie et fil public',
      summary: 'Galerie de l’utilisateur',
      description: 'Sa propre galerie seulement, paginée par curseur, la plus récente d’abord.',
      access: 'account',
      params: [pathId('id', procedures.list, 'userId', "L'identifiant de l'utilisateur de la session.", 1)],
      query: pageQuery(procedures.list),
      answer: {
        kind: 'json',
        schema: procedureOutputObject(procedures.list)
          .omit({ version: true })
          .extend({ success: z.literal(true) }),
        description: 'Une page de la galerie.',
      },
      refusals: [403],
      polled: true,
    },
    contextFor,
    {
      check: galleryVersionCheck,
      page: (request) => ({
        userId: untrustedField(request.params, 'id'),
        limit: untrustedField(request.query, 'limit'),
        cursor: untrustedField(request.query, 'cursor'),
      }),
      list: async (caller, page) => {
        const { gallery, nextCursor, version } = await caller.gallery.list(page);
        return { version, body: { success: true, gallery, nextCursor } };
      },
      headers: { 'cache-control': 'private, no-cache' },
    },
  );

  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/gallery/batch',
      tag: 'Galerie et fil public',
      summary: 'Supprimer plusieurs éléments',
      description: 'Ceux des identifiants qui sont à l’utilisateur ; les autres restent.',
      access: 'account',
      body: bodyOf(procedures.deleteMany, { ids: [4, 5] }),
      answer: answerOf(procedures.deleteMany, 'Le nombre d’éléments supprimés.'),
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.gallery.deleteMany({ ids: untrusted(untrustedField(request.body, 'ids')) }),
    ),
  });

  // The desktop studio's form: `imageIds` in, `{ success, error }` out.
  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/gallery/bulk-delete',
      tag: 'Galerie et fil public',
      summary: 'Supprimer plusieurs éléments (studio)',
      access: 'account',
      body: {
        kind: 'json',
        schema: z.object({ imageIds: inputField(procedures.deleteMany, 'ids') }),
        example: { imageIds: [4, 5] },
      },
      answer: {
        kind: 'json',
        schema: procedureOutputObject(procedures.deleteMany).extend({ success: z.literal(true), error: z.null() }),
        description: 'Le nombre d’éléments supprimés.',
      },
      refusalSchema: z.object({ success: z.literal(false), error: z.string(), message: z.string() }),
    },
    handler: restHandler(callerFor, async (caller, request, reply) => {
      try {
        const { deletedCount } = await caller.gallery.deleteMany({
          ids: untrusted(untrustedField(request.body, 'imageIds')),
        });
        return { success: true, error: null, deletedCount };
      } catch (error) {
        const failure = toProcedureError(error);
        if (failure) return sendProcedureError(reply, failure, (message) => ({ success: false, error: message }));
        throw error;
      }
    }),
  });

  // No body toggles; `{ isFavorite: true | false }` sets the state.
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/gallery/{id}/favorite',
      tag: 'Galerie et fil public',
      summary: 'Marquer comme favori',
      description:
        'Sans corps, bascule ; `{ "isFavorite": true | false }` fixe l’état. Seulement ses propres éléments.',
      access: 'account',
      params: [pathId('id', procedures.favorite, 'id', "Identifiant de l'élément.", 4)],
      body: {
        kind: 'json',
        schema: procedureInput(procedures.favorite).pick({ isFavorite: true }),
        example: { isFavorite: true },
        required: false,
      },
      answer: answerOf(procedures.favorite, "L'état de favori."),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.gallery.favorite({
        id: untrusted(untrustedField(request.params, 'id')),
        isFavorite: untrusted(untrustedField(request.body, 'isFavorite')),
      }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/gallery/{id}',
      tag: 'Galerie et fil public',
      summary: 'Supprimer un élément',
      access: 'account',
      params: [pathId('id', procedures.delete, 'id', "Identifiant de l'élément.", 4)],
      answer: answerOf(procedures.delete, 'Élément supprimé.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.gallery.delete({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  });
}
