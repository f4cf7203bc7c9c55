import { WebhookRefusedError, type ReplicateWebhooks, type WebhookDelivery, type WebhookRefusal } from '@atelier/media';
import { AppError, commonMessages, type AppErrorCode } from '../shared/errors';

export const replicateWebhookMessages = {
  notConfigured: 'Les webhooks Replicate ne sont pas configurés sur ce serveur.',
  unsigned: commonMessages.invalidWebhookSignature,
  stale: "L'horodatage du webhook est trop ancien.",
  replayed: 'Ce webhook a déjà été reçu.',
} as const;

const refusals: Record<WebhookRefusal, AppErrorCode> = {
  unsigned: 'UNAUTHENTICATED',
  stale: 'VALIDATION',
  replayed: 'CONFLICT',
};

/**
 * A webhook Replicate posted about one of our predictions: handed to the engine call waiting for
 * it only once its signature, age and novelty are checked. Anything else changes nothing.
 */
export async function receiveReplicateWebhook(webhooks: ReplicateWebhooks | undefined, delivery: WebhookDelivery): Promise<void> {
  if (!webhooks) throw new AppError('UNAVAILABLE', replicateWebhookMessages.notConfigured);
  try {
    await webhooks.receive(delivery);
  } catch (error) {
    if (error instanceof WebhookRefusedError) throw new AppError(refusals[error.reason], replicateWebhookMessages[error.reason], { cause: error });
    throw error;
  }
}
