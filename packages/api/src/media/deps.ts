import type { ImageEngine, MediaStorage, RenderCache, ReplicateWebhooks, VideoEngine } from '@atelier/media';

/** The media layer the procedures use: where files live and what makes images and videos. */
export interface MediaDeps {
  storage: MediaStorage;
  images: ImageEngine;
  videos: VideoEngine;
  /** Rendered-once files: option thumbnails, welcome images, default models. */
  renders: RenderCache;
  /** Where Replicate's webhooks meet the engine calls waiting for them; absent when engines poll. */
  replicateWebhooks?: ReplicateWebhooks | undefined;
}
