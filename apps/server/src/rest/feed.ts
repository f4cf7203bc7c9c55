import { feedVersionCheck } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, untrustedField, type CallerFactory, type ContextFactory } from './call';
import { registerPolledList } from './etag';

export function registerFeedRoutes(app: FastifyInstance, callerFor: CallerFactory, contextFor: ContextFactory): void {
  // Paginated: ?limit (default 50, at most 100) and ?cursor (the nextCursor of the previous page).
  registerPolledList(app, '/api/feed/public', contextFor, {
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
  });

  app.post(
    '/api/posts/:postId/public',
    restHandler(callerFor, (caller, request) =>
      caller.feed.publish({
        postId: untrusted(untrustedField(request.params, 'postId')),
        withOriginal: untrusted(untrustedField(request.body, 'withOriginal')),
      }),
    ),
  );

  // The public page's post: anyone may read a published one.
  app.get(
    '/api/posts/:postId',
    restHandler(callerFor, (caller, request) =>
      caller.feed.post({ postId: untrusted(untrustedField(request.params, 'postId')) }),
    ),
  );

  app.delete(
    '/api/posts/:postId/public',
    restHandler(callerFor, (caller, request) =>
      caller.feed.unpublish({ postId: untrusted(untrustedField(request.params, 'postId')) }),
    ),
  );

  // No body toggles, as the spec's client does; `{ liked: true | false }` sets the state.
  app.post(
    '/api/posts/:postId/like',
    restHandler(callerFor, (caller, request) =>
      caller.feed.like({
        postId: untrusted(untrustedField(request.params, 'postId')),
        liked: untrusted(untrustedField(request.body, 'liked')),
      }),
    ),
  );
}
