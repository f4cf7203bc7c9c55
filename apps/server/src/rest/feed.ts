import { appRouter, feedVersionCheck } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../openapi/api-route';
import { answerOf, pageQuery, pathId } from '../openapi/operation';
import { procedureInput, procedureOutputObject } from '../openapi/schemas';
import { restHandler, untrusted, untrustedField, type CallerFactory, type ContextFactory } from './call';
import { registerPolledList } from './etag';

const procedures = appRouter.feed;

export function registerFeedRoutes(app: FastifyInstance, callerFor: CallerFactory, contextFor: ContextFactory): void {
  registerPolledList(
    app,
    {
      method: 'GET',
      path: '/api/feed/public',
      tag: 'Galerie et fil public',
      summary: 'Fil public',
      description:
        'Les publications, la plus récente d’abord, paginées par curseur ; `isLiked` est celui du visiteur connecté.',
      access: 'viewer',
      query: pageQuery(procedures.list),
      answer: {
        kind: 'json',
        schema: procedureOutputObject(procedures.list).omit({ version: true }),
        description: 'Une page du fil.',
      },
      polled: true,
    },
    contextFor,
    {
      check: feedVersionCheck,
      page: (request) => ({
        limit: untrustedField(request.query, 'limit'),
        cursor: untrustedField(request.query, 'cursor'),
      }),
      list: async (caller, page) => {
        const { posts, nextCursor, version } = await caller.feed.list(page);
        return { version, body: { posts, nextCursor } };
      },
      // Public, but `isLiked` is the viewer's.
      headers: { 'cache-control': 'no-cache', vary: 'Cookie' },
    },
  );

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/posts/{postId}/public',
      tag: 'Galerie et fil public',
      summary: 'Publier',
      description:
        'Le résultat seul, sauf `{ "withOriginal": true }` : l’original est alors public lui aussi, avec la vue avant/après.',
      access: 'account',
      params: [pathId('postId', procedures.publish, 'postId', "Identifiant de l'élément de galerie.", 4)],
      answer: answerOf(procedures.publish, 'Publié.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.feed.publish({
        postId: untrusted(untrustedField(request.params, 'postId')),
        withOriginal: untrusted(untrustedField(request.body, 'withOriginal')),
      }),
    ),
  });

  // No body toggles, as the spec's client does; `{ liked: true | false }` sets the state.
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/posts/{postId}/like',
      tag: 'Galerie et fil public',
      summary: 'Aimer une publication',
      description: 'Sans corps, bascule ; `{ "liked": true | false }` fixe l’état.',
      access: 'account',
      params: [pathId('postId', procedures.like, 'postId', 'Identifiant de la publication.', 4)],
      body: {
        kind: 'json',
        schema: procedureInput(procedures.like).pick({ liked: true }),
        example: { liked: true },
        required: false,
      },
      answer: answerOf(procedures.like, "L'état et le nombre de j'aime."),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.feed.like({
        postId: untrusted(untrustedField(request.params, 'postId')),
        liked: untrusted(untrustedField(request.body, 'liked')),
      }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/posts/{postId}',
      tag: 'Galerie et fil public',
      summary: 'Une publication',
      description: 'Une image ou une vidéo publiée, pour tout le monde (la page publique `/p/{postId}` la montre).',
      access: 'viewer',
      params: [pathId('postId', procedures.post, 'postId', 'Identifiant de la publication.', 4)],
      answer: answerOf(procedures.post, 'La publication.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.feed.post({ postId: untrusted(untrustedField(request.params, 'postId')) }),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'DELETE',
      path: '/api/posts/{postId}/public',
      tag: 'Galerie et fil public',
      summary: 'Retirer une publication',
      description: 'La publication quitte le fil et sa page publique ; ses « j’aime » sont gardés.',
      access: 'account',
      params: [pathId('postId', procedures.unpublish, 'postId', 'Identifiant de la publication.', 4)],
      answer: answerOf(procedures.unpublish, 'Retirée.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) =>
      caller.feed.unpublish({ postId: untrusted(untrustedField(request.params, 'postId')) }),
    ),
  });
}
