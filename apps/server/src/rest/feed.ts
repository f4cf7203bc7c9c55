import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';
import { sendPolledList } from './etag';

export function registerFeedRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  // Paginated: ?limit (default 50, at most 100) and ?cursor (the nextCursor of the previous page).
  app.get(
    '/api/feed/public',
    restHandler(callerFor, async (caller, request, reply) => {
      const page = untrusted({ limit: untrustedField(request.query, 'limit'), cursor: untrustedField(request.query, 'cursor') });
      const current = await caller.feed.version(page);
      // Public, but `isLiked` is the viewer's.
      reply.header('vary', 'Cookie');
      return sendPolledList(request, reply, 'no-cache', current, async () => {
        const { posts, nextCursor, version: listed } = await caller.feed.list(page);
        return { version: listed, body: { posts, nextCursor } };
      });
    }),
  );

  app.post(
    '/api/posts/:postId/public',
    restHandler(callerFor, (caller, request) =>
      caller.feed.publish({ postId: untrusted(untrustedField(request.params, 'postId')), withOriginal: untrusted(untrustedField(request.body, 'withOriginal')) }),
    ),
  );

  // The public page's post: anyone may read a published one.
  app.get('/api/posts/:postId', restHandler(callerFor, (caller, request) => caller.feed.post({ postId: untrusted(untrustedField(request.params, 'postId')) })));

  app.delete(
    '/api/posts/:postId/public',
    restHandler(callerFor, (caller, request) => caller.feed.unpublish({ postId: untrusted(untrustedField(request.params, 'postId')) })),
  );

  // No body toggles, as the spec's client does; `{ liked: true | false }` sets the state.
  app.post(
    '/api/posts/:postId/like',
    restHandler(callerFor, (caller, request) =>
      caller.feed.like({ postId: untrusted(untrustedField(request.params, 'postId')), liked: untrusted(untrustedField(request.body, 'liked')) }),
    ),
  );
}
