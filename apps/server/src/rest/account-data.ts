import { writeAccountArchive, type MediaDeps } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, type CallerFactory } from './call';

/** The account's GDPR rights: a copy of everything it holds, and its deletion. */
export function registerAccountDataRoutes(app: FastifyInstance, callerFor: CallerFactory, media: MediaDeps): void {
  app.get(
    '/api/account/export',
    restHandler(callerFor, async (caller, _request, reply) => {
      const account = await caller.account.export();
      return reply
        .type('application/zip')
        .headers({
          'cache-control': 'private, no-store',
          'content-disposition': `attachment; filename="${account.filename}"`,
        })
        .send(await writeAccountArchive(media.storage, account));
    }),
  );
  app.post(
    '/api/account/delete',
    restHandler(callerFor, (caller, request) => caller.account.delete(untrusted(request.body))),
  );
}
