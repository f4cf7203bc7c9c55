import { videosVersionCheck, type MediaDeps } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
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

export function registerVideoRoutes(
  app: FastifyInstance,
  callerFor: CallerFactory,
  contextFor: ContextFactory,
  media: MediaDeps,
): void {
  app.post(
    '/api/videos/create-placeholder',
    restHandler(callerFor, (caller, request) => caller.videos.createPlaceholder(untrusted(request.body))),
  );
  app.post(
    '/api/generate-video',
    restHandler(callerFor, (caller, request) => caller.videos.generate(generationBody(request, request.body))),
  );
  app.post(
    '/api/videos/update-placeholder',
    restHandler(callerFor, (caller, request) => caller.videos.updatePlaceholder(untrusted(request.body))),
  );

  // Polled every 2 s by the phone studio: an unchanged list answers 304 without a query.
  registerPolledList(app, '/api/videos/all/:userId', contextFor, {
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
  });

  app.get(
    '/api/videos/download/:id',
    restHandler(callerFor, async (caller, request, reply) => {
      const { key, filename } = await caller.videos.file(untrusted({ id: (request.params as { id: string }).id }));
      return sendStoredFile(reply, media.storage, key, {
        'cache-control': 'private, no-cache',
        'content-disposition': `attachment; filename="${filename}"`,
      });
    }),
  );

  app.post(
    '/api/videos/:id/public',
    restHandler(callerFor, (caller, request) =>
      caller.videos.publish(untrusted({ id: (request.params as { id: string }).id })),
    ),
  );
  app.delete(
    '/api/videos/:id',
    restHandler(callerFor, (caller, request) =>
      caller.videos.delete(untrusted({ id: (request.params as { id: string }).id })),
    ),
  );
}
