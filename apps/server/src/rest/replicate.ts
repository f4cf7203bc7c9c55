import { appRouter } from '@atelier/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { answerOf } from '../openapi/operation';
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
    apiRoute(webhook, {
      operation: {
        method: 'POST',
        path: REPLICATE_WEBHOOK_PATH,
        tag: 'Webhooks',
        summary: 'Prédictions Replicate',
        description:
          "Reçoit la fin des prédictions Replicate, signée (`webhook-id`, `webhook-timestamp`, `webhook-signature`, 5 minutes au plus). Un message déjà reçu est accepté sans autre effet. N'existe (404) que sur un serveur qui attend ces webhooks : moteur Replicate et `PUBLIC_URL`.",
        access: 'signed',
        headers: [
          { name: 'webhook-id', schema: z.string(), description: 'Identifiant du message.', example: 'msg_2abc' },
          {
            name: 'webhook-timestamp',
            schema: z.string(),
            description: "Date d'envoi, en secondes.",
            example: '1795000000',
          },
          { name: 'webhook-signature', schema: z.string(), description: 'La signature de Replicate.', example: 'v1,…' },
        ],
        body: {
          kind: 'raw',
          description: 'La prédiction, telle que Replicate l’a signée.',
          example: { id: 'p1', status: 'succeeded' },
        },
        answer: answerOf(appRouter.jobs.replicateWebhook, 'Message reçu.'),
        refusals: [400, 401, 404, 413],
      },
      options: { bodyLimit: WEBHOOK_BODY_LIMIT },
      handler: restHandler(callerFor, (caller, request) =>
        caller.jobs.replicateWebhook({
          payload: untrusted(request.body),
          id: untrusted(request.headers['webhook-id']),
          timestamp: untrusted(request.headers['webhook-timestamp']),
          signature: untrusted(request.headers['webhook-signature']),
        }),
      ),
    });
  });
}
