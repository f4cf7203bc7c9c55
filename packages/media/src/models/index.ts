// The model runtime: neural models from npm packages, run in worker threads (runtime.ts), and what
// they find in a picture (analyse.ts), and ESRGAN's enlargement (super-resolution.ts). Per-model modules prepare inputs and read outputs; the
// engines call analyseSubject, or a model module directly for work of their own.
export { ModelRuntime, modelThreadsStarted, type ModelRuntimeOptions } from './runtime';
export { contentKey, RecentResults, SubjectAnalyser } from './cache';
export type { ModelOutput, ModelRun, ModelRunResult, PixelInput, TensorInput } from './protocol';
export {
  WORKING_EDGE,
  analyseSubject,
  workingImage,
  type AnalysisWants,
  type PersonMatte,
  type SubjectAnalysis,
} from './analyse';
export { FACE_DETECTOR_MODEL, FACE_MESH_MODEL, findFaces, type Face, type FaceLandmarks } from './faces';
export { MATTING_MODEL, matte } from './matting';
export {
  KEYPOINT_NAMES,
  MIN_KEYPOINT_SCORE,
  POSE_MODEL,
  estimatePose,
  type Keypoint,
  type KeypointName,
  type Pose,
} from './pose';
export {
  boxAround,
  intersectionOverUnion,
  letterboxFor,
  scaleBox,
  scalePoint,
  type Box,
  type Letterbox,
  type Point,
  type RgbImage,
} from './geometry';
export { letterboxed, squareCrop } from './pixels';
export {
  SUPER_RESOLUTION_MODELS,
  TILE_SIDE,
  superResolve,
  type SuperResolutionFactor,
  type SuperResolutionOptions,
  type SuperResolved,
} from './super-resolution';
