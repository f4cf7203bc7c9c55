import { NO_PERSON_MESSAGE } from '@atelier/catalog';
import { MediaError } from '../../../errors';
import type { Face, Point, Pose, SubjectAnalysis } from '../../../models';

/**
 * Where a piece is drawn: an origin in the picture, a rotation (degrees) and the size in pixels of
 * 100 units of the piece's own frame. Each anchor's frame is described where it is built below.
 */
export interface Placement {
  x: number;
  y: number;
  angle: number;
  unit: number;
}

/** The body parts the pieces fit to, each with numbers its pieces need in their own frame's units. */
export interface Fit {
  /** Origin at the top of the head, 100 units = the head's width; `brow` units down is the hairline, `headroom` units up the picture's top edge. */
  head: Placement & { brow: number; headroom: number };
  /** Origin between the eyes, 100 units = the distance between them (eyes at x = ±50); nose, mouth and chin below. */
  eyes: Placement & { nose: number; mouth: number; chin: number };
  /** Origin between the shoulders, 100 units = shoulder to shoulder (at x = ±50); the chin `neck` units above. */
  torso: Placement & { neck: number };
  /** Origin at the hand holding a prop (the picture's left hand side), 100 units = the face's height. */
  hand: Placement;
  /** Origin between the hips (at x = ±50), when the picture shows them. */
  hips: Placement | null;
  /** Each ankle the picture shows, 100 units = the face's height. */
  feet: Placement[];
  /** The picture's size. */
  width: number;
  height: number;
}

/** The matte value from which a pixel is the person. */
const PERSON_LEVEL = 128;
/** Hair above the hairline, as a share of the face's height, when the matte cannot say. */
const HAIR_SHARE = 0.45;

const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
const degrees = (a: Point, b: Point) => (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;

/**
 * The head, face, shoulders and hand of the picture's main person, or the French refusal when the
 * picture shows no face to dress (a cat, a cup, a landscape).
 */
export function fitPerson(analysis: SubjectAnalysis): Fit {
  const face = analysis.faces[0];
  if (!face) throw new MediaError('VALIDATION', NO_PERSON_MESSAGE);
  const { leftEye, rightEye, nose, mouth, chin, forehead } = face.landmarks;
  // The subject's right eye is on the picture's left: the line from it to the left eye runs left to right.
  const roll = degrees(rightEye, leftEye);
  const eyeGap = Math.max(1, distance(rightEye, leftEye));
  const faceHeight = Math.max(eyeGap, distance(forehead, chin));
  const up = { x: Math.sin((roll * Math.PI) / 180), y: -Math.cos((roll * Math.PI) / 180) };
  const hair = hairAbove(analysis, forehead, up, faceHeight);
  const top = { x: forehead.x + up.x * hair, y: forehead.y + up.y * hair };
  // The face box runs cheek to cheek; the head with its hair is wider.
  const headWidth = face.box.width * 1.3;
  const eyesAt = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const along = (point: Point) => ((point.x - eyesAt.x) * -up.x + (point.y - eyesAt.y) * -up.y) * (100 / eyeGap);
  const torso = shoulders(analysis.pose, face, faceHeight, analysis.height);
  return {
    head: {
      ...top,
      angle: roll,
      unit: headWidth,
      brow: (hair * 100) / headWidth,
      headroom: (Math.max(0, top.y) * 100) / headWidth,
    },
    eyes: { ...eyesAt, angle: roll, unit: eyeGap, nose: along(nose), mouth: along(mouth), chin: along(chin) },
    torso: { ...torso, neck: (distance(torso, chin) * 100) / torso.unit },
    hand: handFor(analysis, torso, faceHeight),
    hips: showsBelow(pair(analysis.pose?.rightHip, analysis.pose?.leftHip), analysis.height, faceHeight),
    feet: [analysis.pose?.rightAnkle, analysis.pose?.leftAnkle].flatMap((ankle) =>
      ankle ? [{ x: ankle.x, y: ankle.y, angle: 0, unit: faceHeight }] : [],
    ),
    width: analysis.width,
    height: analysis.height,
  };
}

/** How far the hair reaches above the hairline: up the matte from the forehead, else a usual share of the face. */
function hairAbove(analysis: SubjectAnalysis, forehead: Point, up: Point, faceHeight: number): number {
  const mask = analysis.person?.mask;
  if (!mask) return HAIR_SHARE * faceHeight;
  const { width, height } = analysis;
  let reach = 0;
  for (let step = 1; step <= faceHeight; step += 1) {
    const x = Math.round(forehead.x + up.x * step);
    const y = Math.round(forehead.y + up.y * step);
    if (x < 0 || y < 0 || x >= width || y >= height) break;
    if ((mask[y * width + x] ?? 0) >= PERSON_LEVEL) reach = step;
    else if (step - reach > faceHeight * 0.05) break;
  }
  // A bald matte or a crop through the hair: never less than a thin band, never more than the face is tall.
  return Math.min(faceHeight * 0.9, Math.max(faceHeight * 0.15, reach));
}

/** Hips on the picture's bottom edge show nothing worn below them: they count only with a face's height of picture under them. */
function showsBelow(hips: Placement | null, pictureHeight: number, faceHeight: number): Placement | null {
  return hips && hips.y + faceHeight <= pictureHeight ? hips : null;
}

/** A pair of body points (shoulders, hips) as a frame: origin between them, 100 units from one to the other. */
function pair(right: Point | undefined, left: Point | undefined): Placement | null {
  if (!right || !left) return null;
  return {
    x: (right.x + left.x) / 2,
    y: (right.y + left.y) / 2,
    angle: degrees(right, left),
    unit: Math.max(1, distance(right, left)),
  };
}

/** The shoulders from the pose, else where they sit under a face looking at the camera. */
function shoulders(pose: Pose | null, face: Face, faceHeight: number, pictureHeight: number): Placement {
  const seen = pair(pose?.rightShoulder, pose?.leftShoulder);
  const chin = face.landmarks.chin;
  if (seen && seen.unit > face.box.width) return seen;
  return { x: chin.x, y: Math.min(pictureHeight, chin.y + 0.6 * faceHeight), angle: 0, unit: 2.7 * face.box.width };
}

/** How far a prop held below the picture's edge leans out, away from the face (degrees). */
const PROP_LEAN = -18;

/**
 * The subject's right wrist (on the picture's left) when seen; otherwise a hand at the side of the
 * chest (a head-and-shoulders portrait shows no hands), the prop leaning out so it never hides the face.
 */
function handFor(analysis: SubjectAnalysis, torso: Placement, faceHeight: number): Placement {
  const wrist = analysis.pose?.rightWrist ?? analysis.pose?.leftWrist;
  if (wrist) return { x: wrist.x, y: wrist.y, angle: 0, unit: faceHeight };
  const x = Math.max(0.3 * faceHeight, torso.x - 0.42 * torso.unit);
  const y = Math.min(analysis.height - 0.3 * faceHeight, torso.y + 0.9 * faceHeight);
  return { x, y, angle: PROP_LEAN, unit: faceHeight };
}
