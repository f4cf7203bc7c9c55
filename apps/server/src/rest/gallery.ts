import { galleryVersionCheck, toProcedureError } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import {
  restHandler,
  sendProcedureError,
  untrusted,
  untrustedField,
  type CallerFactory,
  type ContextFactory,
} from './call';
import { registerPolledList } from './etag';

/**
 * Fastify's router prefers a static segment to a parameter whatever the order of registration:
 * /api/gallery/batch, /api/gallery/bulk-delete and /api/gallery/default never reach `:userId` or `:id`.
 */
export function registerGalleryRoutes(
  app: FastifyInstance,
  callerFor: CallerFactory,
  contextFor: ContextFactory,
): void {
  app.post(
    '/api/gallery/save',
    restHandler(callerFor, (caller, request) => caller.gallery.save(untrusted(request.body))),
  );

  // Paginated: ?limit (default 50, at most 100) and ?cursor (the nextCursor of the previous page).
  registerPolledList(app, '/api/gallery/:userId', contextFor, {
    check: galleryVersionCheck,
    page: (request) => ({
      userId: untrustedField(request.params, 'userId'),
      limit: untrustedField(request.query, 'limit'),
      cursor: untrustedField(request.query, 'cursor'),
    }),
    list: async (caller, page) => {
      const { gallery, nextCursor, version } = await caller.gallery.list(page);
      return { version, body: { success: true, gallery, nextCursor } };
    },
    headers: { 'cache-control': 'private, no-cache' },
  });

  app.delete(
    '/api/gallery/batch',
    restHandler(callerFor, (caller, request) =>
      caller.gallery.deleteMany({ ids: untrusted(untrustedField(request.body, 'ids')) }),
    ),
  );

  // The desktop studio's form: `imageIds` in, `{ success, error }` out.
  app.delete(
    '/api/gallery/bulk-delete',
    restHandler(callerFor, async (caller, request, reply) => {
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
  );

  // No body toggles; `{ isFavorite: true | false }` sets the state.
  app.post(
    '/api/gallery/:id/favorite',
    restHandler(callerFor, (caller, request) =>
      caller.gallery.favorite({
        id: untrusted(untrustedField(request.params, 'id')),
        isFavorite: untrusted(untrustedField(request.body, 'isFavorite')),
      }),
    ),
  );

  app.delete(
    '/api/gallery/:id',
    restHandler(callerFor, (caller, request) =>
      caller.gallery.delete({ id: untrusted(untrustedField(request.params, 'id')) }),
    ),
  );
}
