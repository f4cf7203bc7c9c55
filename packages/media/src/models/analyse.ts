import { DECODE_OPTIONS, decodeFailure } from '../decode';
import { sharp } from '../sharp';
import { findFaces, type Face } from './faces';
import { scaleBox, scalePoint, type Box, type Point, type RgbImage } from './geometry';
import { matte } from './matting';
import { estimatePose, type Pose } from './pose';
import type { ModelRuntime } from './runtime';

/** The long edge at which a picture is analysed; masks and points are scaled back to the picture's size. */
export const WORKING_EDGE = 512;

/** A matte value at or above this counts as the person (for boxes and coverage). */
const PERSON_LEVEL = 128;
/** A matte covering less of the picture than this is noise, not a person. */
const MIN_PERSON_COVERAGE = 0.02;
/** Without a face, this many body key points (head and shoulders count) make a person. */
const MIN_BODY_KEYPOINTS = 4;

export interface PersonMatte {
  /** One byte per pixel of the picture (0 background, 255 person), row by row. */
  mask: Buffer;
  /** Where the matte is at least half opaque. */
  box: Box;
  /** The share of the picture the person covers, 0 to 1. */
  coverage: number;
}

export interface SubjectAnalysis {
  /** The picture's size once upright: every box and point below is in its pixels. */
  width: number;
  height: number;
  /** The main person, or null when the picture shows nobody. */
  person: PersonMatte | null;
  /** Faces, largest first. */
  faces: Face[];
  /** The main person's body key points, or null without a person. */
  pose: Pose | null;
}

/** What to find: a transform asks only for what its options use. Faces and pose are always cheap. */
export interface AnalysisWants {
  /** The person's matte (the costly model): off when only faces and pose are needed. */
  matte?: boolean;
}

/** The picture upright on white, scaled so that its long edge is at most WORKING_EDGE. */
export async function workingImage(image: Buffer): Promise<{ working: RgbImage; width: number; height: number }> {
  try {
    const upright = await sharp(image, DECODE_OPTIONS).autoOrient().metadata();
    const oriented = (upright.orientation ?? 1) >= 5;
    const width = oriented ? upright.height : upright.width;
    const height = oriented ? upright.width : upright.height;
    const { data, info } = await sharp(image, DECODE_OPTIONS)
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize(WORKING_EDGE, WORKING_EDGE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { working: { data, width: info.width, height: info.height }, width, height };
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/**
 * Finds the person, the faces and the body pose in a picture. The models run in the runtime's
 * threads on a copy at WORKING_EDGE; the matte comes back at the picture's full size.
 */
export async function analyseSubject(
  runtime: ModelRuntime,
  image: Buffer,
  wants: AnalysisWants = {},
  signal?: AbortSignal,
): Promise<SubjectAnalysis> {
  const { working, width, height } = await workingImage(image);
  const [alpha, faces, pose] = await Promise.all([
    wants.matte === false ? Promise.resolve(null) : matte(runtime, working, signal),
    findFaces(runtime, working, signal),
    estimatePose(runtime, working, signal),
  ]);
  const scale = width / working.width;
  const fullFaces = faces.map((face) => ({
    ...face,
    box: scaleBox(face.box, scale),
    landmarks: scaleNamed(face.landmarks, scale),
    mesh: face.mesh.map((point) => scalePoint(point, scale)),
  }));
  const fullPose = pose && scaleNamed(pose, scale);
  const seen = isPerson(faces, pose);
  const person = seen && alpha ? await fullMatte(alpha, working, { width, height }) : null;
  return {
    width,
    height,
    person: person && person.coverage >= MIN_PERSON_COVERAGE ? person : null,
    faces: fullFaces,
    pose: seen ? fullPose : null,
  };
}

/** Named points (landmarks, key points) scaled, anything else they carry (a score) kept. */
function scaleNamed<T extends object>(points: T, scale: number): T {
  return Object.fromEntries(
    Object.entries(points as Record<string, Point>).map(([name, point]) => [
      name,
      { ...point, ...scalePoint(point, scale) },
    ]),
  ) as T;
}

/** A face, or enough of a body: a cat or a cup gives neither. */
function isPerson(faces: readonly Face[], pose: Pose | null): boolean {
  return faces.length > 0 || Object.keys(pose ?? {}).length >= MIN_BODY_KEYPOINTS;
}

async function fullMatte(
  alpha: Uint8Array,
  working: RgbImage,
  size: { width: number; height: number },
): Promise<PersonMatte> {
  const box = opaqueBox(alpha, working);
  const mask =
    working.width === size.width && working.height === size.height
      ? Buffer.from(alpha)
      : await sharp(alpha, { raw: { width: working.width, height: working.height, channels: 1 } })
          .resize(size.width, size.height, { fit: 'fill', kernel: 'cubic' })
          .extractChannel(0)
          .raw()
          .toBuffer();
  const scale = size.width / working.width;
  return { mask, box: scaleBox(box.box, scale), coverage: box.count / (working.width * working.height) };
}

function opaqueBox(alpha: Uint8Array, { width, height }: RgbImage): { box: Box; count: number } {
  let [left, top, right, bottom, count] = [width, height, -1, -1, 0];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((alpha[y * width + x] ?? 0) < PERSON_LEVEL) continue;
      count += 1;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return count === 0
    ? { box: { left: 0, top: 0, width: 0, height: 0 }, count }
    : { box: { left, top, width: right - left + 1, height: bottom - top + 1 }, count };
}
