import { AppError, commonMessages } from '@atelier/api';
import type { MediaStorage } from '@atelier/media';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export function notFound(): never {
  throw new AppError('NOT_FOUND', commonMessages.notFound);
}

/**
 * Registers the routes that send stored files in a scope with a file sender of its own
 * (@fastify/static's `reply.sendFile`, built on `send`): it answers Range, If-Range,
 * If-None-Match and If-Modified-Since from each file's size and date (206, 416, 304), and the web
 * app's static settings (pre-compressed siblings, its Cache-Control) never reach these files.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
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

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Sends a stored file as a file server does, ranges and conditional requests included: from disk
 * by @fastify/static, from an object store streamed through as the store answers the client's own
 * Range, If-None-Match and If-Modified-Since. Only for a viewer already allowed to see it (every
 * read goes through the route's owner check: no address that outlives it is ever handed out); a
 * missing file answers 404 before any byte.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  headers: StoredFileHeaders,
): Promise<FastifyReply> {
  const file = await storage.servable(key).catch(notFound);
  reply.type(file.contentType).headers(headers);
  if ('root' in file) return reply.sendFile(file.path, file.root);
  const { request } = reply;
  const read = await file.read({
    range: request.method === 'GET' ? header(request, 'range') : undefined,
    ifRange: header(request, 'if-range'),
    ifMatch: header(request, 'if-match'),
    ifNoneMatch: header(request, 'if-none-match'),
    ifModifiedSince: header(request, 'if-modified-since'),
  });
  // Refusals answer as every other error does: a French message, the range's Content-Range.
  if (read.status === 412 || read.status === 416)
    throw Object.assign(new Error(`stored file: ${read.status}`), { statusCode: read.status, headers: read.headers });
  reply.code(read.status).headers(read.headers);
  return read.body ? reply.send(read.body) : reply.send();
}
