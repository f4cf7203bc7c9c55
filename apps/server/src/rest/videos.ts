import type { MediaDeps } from '@atelier/api';
import { AppError, commonMessages } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, type CallerFactory } from './call';

export function registerVideoRoutes(app: FastifyInstance, callerFor: CallerFactory, media: MediaDeps): void {
  app.post('/api/videos/create-placeholder', restHandler(callerFor, (caller, request) => caller.videos.createPlaceholder(untrusted(request.body))));
  app.post('/api/generate-video', restHandler(callerFor, (caller, request) => caller.videos.generate(untrusted(request.body))));
  app.post('/api/videos/update-placeholder', restHandler(callerFor, (caller, request) => caller.videos.updatePlaceholder(untrusted(request.body))));

  app.get(
    '/api/videos/all/:userId',
    restHandler(callerFor, (caller, request) => {
      const { userId } = request.params as { userId: string };
      const query = request.query as { limit?: string; offset?: string };
      return caller.videos.list(
        untrusted({ userId, limit: query.limit === undefined ? undefined : Number(query.limit), offset: query.offset === undefined ? undefined : Number(query.offset) }),
      );
    }),
  );

  app.get(
    '/api/videos/download/:id',
    restHandler(callerFor, async (caller, request, reply) => {
      const { key, filename } = await caller.videos.file(untrusted({ id: (request.params as { id: string }).id }));
      const file = await media.storage.stream(key).catch(() => {
        throw new AppError('NOT_FOUND', commonMessages.notFound);
      });
      return reply.type('video/mp4').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-cache').send(file);
    }),
  );

  app.delete('/api/videos/:id', restHandler(callerFor, (caller, request) => caller.videos.delete(untrusted({ id: (request.params as { id: string }).id }))));
}
