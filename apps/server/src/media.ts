import { join } from 'node:path';
import type { MediaDeps } from '@atelier/api';
import {
  createEngines,
  DiskRenderStore,
  LocalDiskStorage,
  RenderCache,
  ReplicateWebhooks,
  S3Storage,
} from '@atelier/media';
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
  const engines = createEngines({
    engine: env.AI_ENGINE,
    ffmpegSearchPath: env.PATH,
    // Each generation runs its models one after the other: one model thread per generation slot.
    modelThreads: generationConcurrency(env.GENERATION_CONCURRENCY),
    ...(env.REPLICATE_API_TOKEN
      ? {
          replicate: {
            token: env.REPLICATE_API_TOKEN,
            baseUrl: env.REPLICATE_API_URL,
            models: cloudModels(env),
            createsPerMinute: env.REPLICATE_CREATES_PER_MINUTE,
            webhooks: replicateWebhooks,
          },
        }
      : {}),
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
