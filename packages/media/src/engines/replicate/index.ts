// The cloud engine on Replicate: its client, its model registry and planner, its engines and webhooks.
export {
  ReplicateClient,
  ReplicateHttpError,
  REPLICATE_API_URL,
  DEFAULT_CREATES_PER_MINUTE,
  type ReplicateClientOptions,
} from './client';
export { LocalCreateBudget, type CreateBudget } from './budget';
export { realSleep, type Sleep } from './waits';
export { CloudFailure, isCloudFailure, type CloudFailureReason, type CloudFailureContext } from './failures';
export {
  DEFAULT_CLOUD_MODELS,
  MODEL_IDS,
  chooseModels,
  findModel,
  modelName,
  priceUsd,
  type ModelChoice,
  type ModelEntry,
  type ModelPrice,
  type StepRole,
  type StepRequest,
} from './models';
export { dearestUsd, planGeneration, type Plan, type PlannedStep } from './planner';
export { INLINE_INPUT_MAX_BYTES } from './predictions';
export {
  ReplicateImageEngine,
  ReplicateVideoEngine,
  isMp4,
  replicateCloud,
  type ReplicateCloud,
  type ReplicateOptions,
} from './engines';
export {
  ReplicateWebhooks,
  WebhookRefusedError,
  type WebhookDelivery,
  type WebhookRefusal,
  type WebhookRelay,
} from './webhooks';
