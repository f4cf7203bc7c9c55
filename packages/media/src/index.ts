// The media layer: upload normalisation, storage, image and video engines, composites, generated
// art and thumbnails. Pure media work: no HTTP, no database.
export { MEDIA_MESSAGES, MediaError, isMediaError, type MediaErrorCode } from './errors';
export {
  JPEG_OUTPUT,
  MAX_EDGE,
  MAX_INPUT_PIXELS,
  MAX_OUTPUT_EDGE,
  MAX_OUTPUT_PIXELS,
  MAX_UPLOAD_BYTES,
} from './limits';
export { inspectImage, looksLikeRasterImage, type ImageHeader } from './decode';
export { normalizeUpload, storeUpload, type NormalizedImage, type StoredUpload } from './upload';
export {
  LocalDiskStorage,
  STORAGE_KINDS,
  contentTypeOf,
  isStorageKey,
  storageFileName,
  type MediaStorage,
  type ObjectRead,
  type ObjectReadConditions,
  readStoredFile,
  type ServableDiskFile,
  type ServableFile,
  type ServableObject,
  type StorageExtension,
  type StorageKind,
  type StoredFileInfo,
} from './storage';
export { S3Storage, type S3Settings } from './s3-storage';
export { DiskRenderStore, type RenderStore } from './render-store';
export {
  DEFAULT_REFERENCE_IMPORTANCE,
  REFERENCE_SLOTS,
  type CloudCost,
  type EngineName,
  type GeneratedVideo,
  type ImageEngine,
  type ImageTransformRequest,
  type JpegImage,
  type PriceQuote,
  type ReferenceImage,
  type ReferenceImages,
  type ReferenceSlot,
  type TransformedImage,
  type VideoEngine,
  type VideoRequest,
  WorkHandedOver,
} from './engines/types';
export { createEngines, type EngineConfig, type Engines } from './engines/index';
export {
  LocalImageEngine,
  choicesFor,
  localEngineRefusal,
  type LocalImageEngineOptions,
} from './engines/local/image-engine';
export { SUPER_RESOLUTION_MAX_PIXELS } from './engines/local/enlarge';
export * from './models';
export { LocalVideoEngine, videoFrame, type LocalVideoOptions } from './engines/local/video-engine';
export * from './engines/replicate/index';
export { findFfmpeg } from './engines/ffmpeg';
export { MAX_COMBINED_IMAGES, combine, referenceComposite, sideBySide, type CombineLayout } from './composites';
export {
  DEFAULT_MODELS,
  SAMPLE_SIZE,
  WELCOME_IMAGES,
  renderDefaultModel,
  renderSampleImage,
  renderWelcomeImage,
  type GeneratedImage,
} from './art/index';
export {
  RENDER_VERSION,
  RenderCache,
  THUMBNAIL_SIZE,
  renderThumbnail,
  type RenderKind,
  type ThumbnailRenderer,
} from './thumbnails';
export { configureImagePool, imagePoolStats, imageWork } from './image-pool';
