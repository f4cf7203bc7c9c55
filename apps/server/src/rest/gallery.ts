import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { restHandler, sendProcedureError, untrusted, untrustedField, type CallerFactory } from './call';
import { sendPolledList } from './etag';

function galleryPage(request: FastifyRequest): never {
  return untrusted({
    userId: untrustedField(request.params, 'userId'),
    limit: untrustedField(request.query, 'limit'),
    cursor: untrustedField(request.query, 'cursor'),
  });
}

/**
 * Fastify's router prefers a static segment to a parameter whatever the order of registration:
 * /api/gallery/batch, /api/gallery/bulk-delete and /api/gallery/default never reach `:userId` or `:id`.
 */
export function registerGalleryRoutes(app: FastifyInstance, callerFor: CallerFactory): void {
  app.post('/api/gallery/save', restHandler(callerFor, (caller, request) => caller.gallery.save(untrusted(request.body))));

  // Paginated: ?limit (default 50, at most 100) and ?cursor (the nextCursor of the previous page).
  app.get(
    '/api/gallery/:userId',
    restHandler(callerFor, async (caller, request, reply) => {
      const page = galleryPage(request);
      const current = await caller.gallery.version(page);
      return sendPolledList(request, reply, 'private, no-cache', current, async () => {
        const { gallery, nextCursor, version: listed } = await caller.gallery.list(page);
        return { version: listed, body: { success: true, gallery, nextCursor } };
      });
    }),
  );

  app.delete(
    '/api/gallery/batch',
    restHandler(callerFor, (caller, request) => caller.gallery.deleteMany({ ids: untrusted(untrustedField(request.body, 'ids')) })),
  );

  // The desktop studio's form: `imageIds` in, `{ success, error }` out.
  app.delete(
    '/api/gallery/bulk-delete',
    restHandler(callerFor, async (caller, request, reply) => {
      try {
        const { deletedCount } = await caller.gallery.deleteMany({ ids: untrusted(untrustedField(request.body, 'imageIds')) });
        return { success: true, error: null, deletedCount };
      } catch (error) {
        if (error instanceof TRPCError) return sendProcedureError(reply, error, (message) => ({ success: false, error: message }));
        throw error;
      }
    }),
  );

  app.delete('/api/gallery/:id', restHandler(callerFor, (caller, request) => caller.gallery.delete({ id: untrusted(untrustedField(request.params, 'id')) })));
}
