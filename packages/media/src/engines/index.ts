import { ModelRuntime } from '../models';
import { LocalImageEngine } from './local/image-engine';
import { LocalVideoEngine } from './local/video-engine';
import { DEFAULT_IMAGE_MODEL, DEFAULT_VIDEO_MODEL, ReplicateImageEngine, ReplicateVideoEngine, type ReplicateOptions } from './replicate';
import type { EngineName, ImageEngine, VideoEngine } from './types';

export interface EngineConfig {
  /** AI_ENGINE: "local" (offline, the default) or "replicate". */
  engine: EngineName;
  replicate?: {
    token: string;
    /** REPLICATE_IMAGE_MODEL, default black-forest-labs/flux-kontext-pro. */
    imageModel?: string;
    /** REPLICATE_VIDEO_MODEL, default minimax/hailuo-02. */
    videoModel?: string;
    baseUrl?: string;
  } & Pick<ReplicateOptions, 'fetch' | 'pollIntervalMs' | 'timeoutMs' | 'webhooks' | 'webhookPollIntervalMs'>;
  /** Where the local video engine looks for ffmpeg (PATH); the bundled one otherwise. */
  ffmpegSearchPath?: string;
  /** Threads the local engine's neural models may use at once: the job concurrency (default 1). */
  modelThreads?: number;
}

export interface Engines {
  image: ImageEngine;
  video: VideoEngine;
}

export function createEngines(config: EngineConfig): Engines {
  if (config.engine === 'local') {
    return { image: new LocalImageEngine({ models: new ModelRuntime({ threads: config.modelThreads ?? 1 }) }), video: new LocalVideoEngine({ searchPath: config.ffmpegSearchPath }) };
  }
  const { replicate } = config;
  if (!replicate?.token) throw new Error('The Replicate engine needs an API token (REPLICATE_API_TOKEN).');
  const { imageModel, videoModel, ...shared } = replicate;
  return {
    image: new ReplicateImageEngine({ ...shared, model: imageModel || DEFAULT_IMAGE_MODEL }),
    video: new ReplicateVideoEngine({ ...shared, model: videoModel || DEFAULT_VIDEO_MODEL }),
  };
}
