import { AppError, commonMessages } from '@atelier/api';
import type { MediaStorage } from '@atelier/media';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export function notFound(): never {
  throw new AppError('NOT_FOUND', commonMessages.notFound);
}

/**
 * Registers the routes that send stored files in a scope with a file sender of its own
 * (@fastify/static's `reply.sendFile`, built on `send`): it answers Range, If-Range,
 * If-None-Match and If-Modified-Since from each file's size and date (206, 416, 304), and the web
 * app's static settings (pre-compressed siblings, its Cache-Control) never reach these files.
 */
export async function registerFileRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    // The route says the type and the caching: send's own Cache-Control would be `public`.
    await scope.register(fastifyStatic, { serve: false, contentType: false, cacheControl: false });
    register(scope);
  });
}

/** What a route says about the file it sends, beside what the sender works out. */
export type StoredFileHeaders = {
  'cache-control': string;
  'content-disposition'?: string;
};

/**
 * Sends a stored file as a file server does, ranges and conditional requests included. Only for a
 * viewer already allowed to see it; a missing file answers 404 before any byte.
 */
export async function sendStoredFile(reply: FastifyReply, storage: MediaStorage, key: string, headers: StoredFileHeaders): Promise<FastifyReply> {
  const file = await storage.servable(key).catch(notFound);
  return reply.type(file.contentType).headers(headers).sendFile(file.path, file.root);
}
