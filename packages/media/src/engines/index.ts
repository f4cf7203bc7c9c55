import { ModelRuntime } from '../models';
import { LocalImageEngine } from './local/image-engine';
import { LocalVideoEngine } from './local/video-engine';
import { ReplicateImageEngine, ReplicateVideoEngine, replicateCloud, type ReplicateOptions } from './replicate/index';
import type { EngineName, ImageEngine, VideoEngine } from './types';

export interface EngineConfig {
  /** AI_ENGINE: "local" (offline, the default) or "replicate". */
  engine: EngineName;
  replicate?: ReplicateOptions;
  /** Where the local video engine looks for ffmpeg (PATH); the bundled one otherwise. */
  ffmpegSearchPath?: string;
  /** Threads the local engine's neural models may use at once: the job concurrency (default 1). */
  modelThreads?: number;
}

export interface Engines {
  image: ImageEngine;
  video: VideoEngine;
}

/**
 * The engines AI_ENGINE names. The cloud engines share one client (one create budget per process)
 * and hand lens effects to a local engine, whose models load only if such an effect is asked for.
 */
export function createEngines(config: EngineConfig): Engines {
  const local = () => new LocalImageEngine({ models: new ModelRuntime({ threads: config.modelThreads ?? 1 }) });
  if (config.engine === 'local')
    return { image: local(), video: new LocalVideoEngine({ searchPath: config.ffmpegSearchPath }) };
  if (!config.replicate?.token) throw new Error('The Replicate engine needs an API token (REPLICATE_API_TOKEN).');
  const cloud = replicateCloud(config.replicate);
  return { image: new ReplicateImageEngine(cloud, local()), video: new ReplicateVideoEngine(cloud) };
}
