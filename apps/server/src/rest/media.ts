import type { MediaDeps } from '@atelier/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';
import { isMediaError } from '@atelier/media';
import { notFound, sendStoredFile } from './files';

const ONE_DAY = 86_400;
/**
 * Stored files: keys are random and never reused, so a file never changes under its address.
 * Private even once published: unpublishing must not leave a copy in shared caches for a year.
 */
const PRIVATE_FOREVER = 'private, max-age=31536000, immutable';

const isUnknownName = (error: unknown) => isMediaError(error) && error.code === 'NOT_FOUND';

/**
 * Sends a rendered-once file (thumbnail, welcome image, default model): public and cacheable. Only
 * an unknown name is a 404: a disk that cannot keep the render is a fault (507 or 503, see faultReply).
 */
async function sendRendered(reply: FastifyReply, render: () => Promise<Buffer>): Promise<FastifyReply> {
  const image = await render().catch((error: unknown) => (isUnknownName(error) ? notFound() : Promise.reject(error)));
  return reply.type('image/jpeg').header('cache-control', `public, max-age=${ONE_DAY}`).send(image);
}

export function registerMediaRoutes(app: FastifyInstance, callerFor: CallerFactory, media: MediaDeps): void {
  app.get(
    '/api/media/*',
    restHandler(callerFor, async (caller, request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const width = untrustedField(request.query, 'w');
      if (width !== undefined) {
        // A card's small version: the same address, so the same owner check, made once then kept.
        const preview = await caller.media.preview({ key, width: untrusted(Number(width)) });
        return reply.type('image/webp').header('cache-control', PRIVATE_FOREVER).send(preview);
      }
      await caller.media.canView({ key });
      return sendStoredFile(reply, media.storage, key, { 'cache-control': PRIVATE_FOREVER });
    }),
  );

  app.get<{ Params: { name: string } }>(
    '/api/art/:name',
    restHandler(callerFor, (_caller, request, reply) =>
      sendRendered(reply, () => media.renders.art((request.params as { name: string }).name.replace(/\.jpg$/, ''))),
    ),
  );

  // `/api/thumbnail/{category}-{name}.jpg`, or `/api/thumbnail/{name}.jpg` for a style.
  app.get<{ Params: { name: string } }>(
    '/api/thumbnail/:name',
    restHandler(callerFor, (_caller, request, reply) => {
      const id = (request.params as { name: string }).name.replace(/\.jpg$/, '');
      return sendRendered(reply, () =>
        media.renders
          .thumbnail(id)
          .catch((error: unknown) =>
            isUnknownName(error) ? media.renders.thumbnail(`style-${id}`) : Promise.reject(error),
          ),
      );
    }),
  );

  app.get(
    '/api/default-models',
    restHandler(callerFor, (caller) => caller.media.defaults()),
  );
  app.get(
    '/api/gallery/default',
    restHandler(callerFor, (caller) => caller.media.welcomeImages()),
  );
  app.post(
    '/api/set-last-used-image',
    restHandler(callerFor, (caller, request) => caller.media.setLastUsedImage(untrusted(request.body))),
  );

  app.get(
    '/api/view-stitch/:filename',
    restHandler(callerFor, async (caller, request, reply) => {
      const image = await caller.media.stitch({ filename: (request.params as { filename: string }).filename });
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
    }),
  );

  // One path, two documented bodies: COMBINE (imageUrls) and the reference composite (mainImage).
  app.post(
    '/api/create-composite',
    restHandler(callerFor, (caller, request) => {
      const body = untrusted(request.body);
      return untrustedField(body, 'imageUrls') === undefined
        ? caller.media.referenceComposite(body)
        : caller.media.combine(body);
    }),
  );
}
