import { join } from 'node:path';
import type { MediaDeps } from '@atelier/api';
import {
  createEngines,
  DiskRenderStore,
  localEngineRefusal,
  LocalDiskStorage,
  RenderCache,
  replicateCloud,
  ReplicateWebhooks,
  S3Storage,
  type EngineName,
  type Engines,
  type ImageEngine,
  type ReplicateOptions,
} from '@atelier/media';
import { sharedCreateBudget } from './create-budget';
import { cloudModels, type ServerConfig } from './env';
import { generationConcurrency } from './jobs';
import { REPLICATE_WEBHOOK_PATH } from './rest/replicate';

/**
 * Files under DATA_DIR/media and renders cached under DATA_DIR/renders, or both in an S3-compatible
 * bucket (STORAGE=s3) every instance shares; and the engines AI_ENGINE names (local by default, offline). Replicate
 * reports to `PUBLIC_URL` by signed webhook when the server has one; its engines poll otherwise.
 */
export function mediaFromConfig({ env, dataDir }: ServerConfig): MediaDeps {
  const replicateWebhooks =
    env.AI_ENGINE === 'replicate' && env.PUBLIC_URL && env.REPLICATE_WEBHOOK_SECRET
      ? new ReplicateWebhooks({
          url: `${env.PUBLIC_URL.replace(/\/+$/, '')}${REPLICATE_WEBHOOK_PATH}`,
          secret: env.REPLICATE_WEBHOOK_SECRET,
        })
      : undefined;
  const replicate: ReplicateOptions | undefined = env.REPLICATE_API_TOKEN
    ? {
        token: env.REPLICATE_API_TOKEN,
        baseUrl: env.REPLICATE_API_URL,
        models: cloudModels(env),
        createsPerMinute: env.REPLICATE_CREATES_PER_MINUTE,
        // The per-minute budget is the account's: with Redis, every instance counts against the same.
        createBudget: env.REDIS_URL
          ? sharedCreateBudget(env.REDIS_URL, env.REDIS_PREFIX, env.REPLICATE_CREATES_PER_MINUTE)
          : undefined,
        webhooks: replicateWebhooks,
      }
    : undefined;
  const engines =
    env.ATELIER_ROLE === 'web'
      ? enginesOfWorkers(env.AI_ENGINE, replicate)
      : createEngines({
          engine: env.AI_ENGINE,
          ffmpegSearchPath: env.PATH,
          // Each generation runs its models one after the other: one model thread per generation slot.
          modelThreads: generationConcurrency(env.GENERATION_CONCURRENCY),
          ...(replicate ? { replicate } : {}),
        });
  const bucket =
    env.STORAGE === 's3'
      ? new S3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : undefined;
  return {
    storage: bucket ?? new LocalDiskStorage(join(dataDir, 'media')),
    images: engines.image,
    videos: engines.video,
    renders: new RenderCache(bucket?.renders() ?? new DiskRenderStore(join(dataDir, 'renders'))),
    replicateWebhooks,
  };
}

/** What each engine refuses before anything is charged; the cloud engine renders every option. */
const REFUSALS: Partial<Record<EngineName, ImageEngine['refusal']>> = { local: localEngineRefusal };

/**
 * A web server's engines (ATELIER_ROLE=web): the workers' engines by name, to label the jobs it
 * queues and refuse at once what their engine would (nothing charged, nothing queued), and the
 * cloud's cancel, to stop a prediction whose worker died. They render nothing (its job service
 * never runs a job): no generation loads a model or ffmpeg in this process.
 */
export function enginesOfWorkers(name: EngineName, replicate: ReplicateOptions | undefined): Engines {
  const rendersNothing = () =>
    Promise.reject(new Error('ATELIER_ROLE=web renders nothing: generations run on the workers'));
  const predictions = replicate && replicateCloud(replicate).predictions;
  const cancel = predictions && ((predictionId: string) => predictions.cancel(predictionId));
  return {
    image: {
      name,
      transform: rendersNothing,
      ...(REFUSALS[name] ? { refusal: REFUSALS[name] } : {}),
      ...(cancel ? { cancel } : {}),
    },
    video: { name, generate: rendersNothing, ...(cancel ? { cancel } : {}) },
  };
}
