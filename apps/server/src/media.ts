import { join } from 'node:path';
import type { MediaDeps } from '@atelier/api';
import { createEngines, LocalDiskStorage, RenderCache } from '@atelier/media';
import type { ServerConfig } from './env';

/** Files under DATA_DIR/media, and the engines AI_ENGINE names (local by default, offline). */
export function mediaFromConfig({ env, dataDir }: ServerConfig): MediaDeps {
  const engines = createEngines({
    engine: env.AI_ENGINE,
    ffmpegSearchPath: env.PATH,
    ...(env.REPLICATE_API_TOKEN
      ? { replicate: { token: env.REPLICATE_API_TOKEN, imageModel: env.REPLICATE_IMAGE_MODEL, videoModel: env.REPLICATE_VIDEO_MODEL } }
      : {}),
  });
  return {
    storage: new LocalDiskStorage(join(dataDir, 'media')),
    images: engines.image,
    videos: engines.video,
    renders: new RenderCache(join(dataDir, 'renders')),
  };
}
