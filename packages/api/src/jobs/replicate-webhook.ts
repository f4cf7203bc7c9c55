import { WebhookRefusedError, type ReplicateWebhooks, type WebhookDelivery, type WebhookRefusal } from '@atelier/media';
import { AppError, commonMessages, type AppErrorCode } from '../shared/errors';

export const replicateWebhookMessages = {
  notConfigured: "Ce serveur n'attend aucun webhook Replicate.",
  unsigned: commonMessages.invalidWebhookSignature,
  stale: "L'horodatage du webhook est trop ancien.",
} as const;

const refusals: Record<WebhookRefusal, AppErrorCode> = {
  unsigned: 'UNAUTHENTICATED',
  stale: 'VALIDATION',
};

/**
 * A webhook Replicate posted about one of our predictions: handed to the engine call waiting for
 * it only once its signature and age are checked; a retry of one already received is accepted and
 * changes nothing (a 4xx would make Replicate send it again). A server that asked for no webhooks
 * (the local engine, or Replicate polled) has no such address: 404.
 */
export async function receiveReplicateWebhook(
  webhooks: ReplicateWebhooks | undefined,
  delivery: WebhookDelivery,
): Promise<void> {
  if (!webhooks) throw new AppError('NOT_FOUND', replicateWebhookMessages.notConfigured);
  try {
    await webhooks.receive(delivery);
  } catch (error) {
    if (error instanceof WebhookRefusedError)
      throw new AppError(refusals[error.reason], replicateWebhookMessages[error.reason], { cause: error });
    throw error;
  }
}
