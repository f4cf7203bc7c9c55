import type { FastifyInstance } from 'fastify';
import { restHandler, untrusted, type CallerFactory } from './call';

export const REPLICATE_WEBHOOK_PATH = '/api/replicate/webhook';

/**
 * A webhook carries the whole prediction, its inputs echoed: the picture and references we sent
 * inline (each under 1 MB; larger ones go by the Files API, as a URL).
 */
const WEBHOOK_BODY_LIMIT = 16 * 1024 * 1024;

export async function registerReplicateRoutes(app: FastifyInstance, callerFor: CallerFactory): Promise<void> {
  // Replicate signs the exact bytes it sends: in this scope only, bodies stay raw, whatever their type.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      REPLICATE_WEBHOOK_PATH,
      { bodyLimit: WEBHOOK_BODY_LIMIT },
      restHandler(callerFor, (caller, request) =>
        caller.jobs.replicateWebhook({
          payload: untrusted(request.body),
          id: untrusted(request.headers['webhook-id']),
          timestamp: untrusted(request.headers['webhook-timestamp']),
          signature: untrusted(request.headers['webhook-signature']),
        }),
      ),
    );
  });
}
