export { appRouter, createCaller, type AppRouter } from './routers';
export { createContextInner, type CallInput, type Context } from './context';
export type { ApiDeps } from './deps';
export type { ApiConfig, Mailer, MailSettings, PasswordHashParams, StorageQuotas } from './settings';
export type { SessionData, SessionStore } from './security/session-cookie';
export { AppError, commonMessages, messageForStatus, type AppErrorCode } from './shared/errors';
export { describeError, toProcedureError, type AppErrorData } from './trpc';
export { rateLimitedError, rateLimitSubject, waitInWords, type RateLimit, type RateLimits } from './shared/rate-limit';
export {
  checkListVersion,
  ListVersions,
  MemoryVersionStore,
  RedisVersionStore,
  type ListVersion,
  type ListVersionCheck,
  type VersionStore,
} from './shared/list-versions';
export { RedisReads } from './shared/redis-reads';
export { feedVersionCheck } from './routers/feed';
export { galleryVersionCheck } from './routers/gallery';
export { videosVersionCheck } from './routers/videos';
export { LiveSessions, LocalSessionEndings, RedisSessionEndings, type SessionEndings } from './security/live-sessions';
export { SignInThrottle, type ThrottleSettings } from './security/throttle';
export { SESSION_TTL_SECONDS } from './security/sessions';
export { authenticateToken, API_TOKEN_PREFIX, type TokenIdentity } from './security/tokens';
export type { Identity } from './security/identity';
export { FAULT_CODES, resourceFault } from './shared/faults';
export { quotaMessages } from './shared/quotas';
export { PRODUCTION_HASH_PARAMS } from './auth/password';
export { RESET_TOKEN_LIFETIME_MS } from './auth/password-reset';
export { ledger, IMAGE_COST } from './credits/ledger';
export type { PublicUser } from './shared/user';
export type { FeedPost } from './feed/list';
export { createStripeClient, type PaymentSettings, type StripeClient } from './payments/stripe';
export { ensurePlanPrices, planLookupKey } from './subscriptions';
export type { MediaDeps } from './media/deps';
export { writeAccountArchive } from './account/export';
export { mediaUrl, storageKeyOf } from './media/urls';
export { JobService, JobPendingError, IMAGE_WAIT_MS, VIDEO_WAIT_MS, JOB_LEASE_MS } from './jobs/service';
export { MAX_JOB_ATTEMPTS } from './jobs/recovery';
export type { FinishedJob, JobServiceOptions } from './jobs/types';
export { InProcessQueue, type JobQueue, type QueueLimits } from './jobs/queue';
export { JobEvents, type JobSnapshot } from './jobs/events';
export { BullMqQueue, type BullMqQueueOptions } from './jobs/bullmq-queue';
export { RedisJobEvents, type RedisJobEventsOptions } from './jobs/redis-events';
export {
  THUMBNAIL_RETRY_AFTER_SECONDS,
  ThumbnailRequests,
  thumbnailRendering,
  thumbnailMessages,
  type ThumbnailRenderingOptions,
  type ThumbnailRequestsOptions,
} from './jobs/thumbnail-queue';
export { jobKinds } from './jobs/kinds';
export { NO_WORKER_RETRY_AFTER_SECONDS, workerMessages } from './jobs/workers';
