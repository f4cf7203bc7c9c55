import type { FastifyInstance } from 'fastify';
import { feedPage } from '@atelier/api';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';
import { POLLED_ROUTE, polledListHandler } from './polled';

export function registerFeedRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  // Paginated: ?limit (default 50, at most 100) and ?cursor (the nextCursor of the previous page).
  app.get(
    '/api/feed/public',
    POLLED_ROUTE,
    polledListHandler(app, callerFor, {
      page: (request) => ({ limit: untrustedField(request.query, 'limit'), cursor: untrustedField(request.query, 'cursor') }),
      schema: feedPage,
      tag: (versions, session, page) => versions.feedTagFor(session, page),
      cacheControl: 'no-cache',
      // Public, but `isLiked` is the viewer's.
      headers: { vary: 'Cookie' },
      load: async (caller, page) => {
        const { posts, nextCursor, version } = await caller.feed.list(page);
        return { version, body: { posts, nextCursor } };
      },
    }),
  );

  app.post(
    '/api/posts/:postId/public',
    restHandler(callerFor, (caller, request) => caller.feed.publish({ postId: untrusted(untrustedField(request.params, 'postId')) })),
  );

  // No body toggles, as the spec's client does; `{ liked: true | false }` sets the state.
  app.post(
    '/api/posts/:postId/like',
    restHandler(callerFor, (caller, request) =>
      caller.feed.like({ postId: untrusted(untrustedField(request.params, 'postId')), liked: untrusted(untrustedField(request.body, 'liked')) }),
    ),
  );
}
