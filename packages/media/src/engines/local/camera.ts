import { decodeFailure } from '../../decode';
import { Dice } from '../../hash';
import type { Box, SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import type { Frame } from './geometry';
import { eachRow, pixelsOf, rawPicture, rawPipeline, uprightPixels, type RawPicture, type WorkPicture } from './pixels';

/**
 * What a camera option does to the picture itself, by its id (the options without one here are the
 * cloud engine's alone, @atelier/catalog's CLOUD_ONLY_OPTIONS): a shot tightened on the face, cut
 * to a cinema frame or composed on a third, the background thrown out of focus or streaked behind
 * the person, a miniature's narrow band of focus, a soft lens's glow, a perspective seen from below
 * or above, a fisheye or wide lens, or a security camera's grainy high corner.
 */
export type CameraMove =
  /** The window holds this many face heights, centred on the face. */
  | { kind: 'shot'; faceHeights: number }
  /** The widest window that puts the face on the nearer vertical third and the eyes on the upper one. */
  | { kind: 'thirds' }
  /** A wider frame (width / height), cut around the heads: a cinema lens's frame, never bars painted over the picture. */
  | { kind: 'aspect-crop'; aspect: number }
  | { kind: 'bokeh' }
  /** The background streaked sideways (length per 1000 px of width); `trail` of the streak shows through the person too. */
  | { kind: 'streak'; length: number; trail: number }
  | { kind: 'tilt-shift' }
  | { kind: 'glow' }
  /** Horizontal scale of the top and bottom rows (1 keeps the row; less magnifies it): a keystone. */
  | { kind: 'perspective'; top: number; bottom: number }
  /** Barrel distortion: r' = r (1 + k r²) on radii normalised to the half-diagonal. */
  | { kind: 'fisheye'; strength: number }
  | { kind: 'security-camera' };

export const CAMERA_MOVES: Readonly<Record<string, CameraMove>> = {
  'extreme-close-up': { kind: 'shot', faceHeights: 1.8 },
  'close-up': { kind: 'shot', faceHeights: 3 },
  'medium-close-up': { kind: 'shot', faceHeights: 4.5 },
  // Scope: the 2.39:1 frame of anamorphic cinema lenses.
  anamorphic: { kind: 'aspect-crop', aspect: 2.39 },
  'rule-of-thirds': { kind: 'thirds' },
  bokeh: { kind: 'bokeh' },
  'panning-shot': { kind: 'streak', length: 90, trail: 0 },
  'motion-blur': { kind: 'streak', length: 60, trail: 0.45 },
  'tilt-shift': { kind: 'tilt-shift' },
  'soft-focus': { kind: 'glow' },
  'low-angle': { kind: 'perspective', top: 1, bottom: 0.8 },
  'high-angle': { kind: 'perspective', top: 0.8, bottom: 1 },
  'birds-eye': { kind: 'perspective', top: 0.7, bottom: 1 },
  fisheye: { kind: 'fisheye', strength: 0.45 },
  // A 24 mm lens: the slight barrel of a wide rectilinear lens.
  'wide-angle': { kind: 'fisheye', strength: 0.12 },
  'security-cam': { kind: 'security-camera' },
};

/** The moves that cut the frame: their window comes back at the photo's own size, zoomed in, never as a thumbnail. */
export const REFRAMING_MOVES: ReadonlySet<CameraMove['kind']> = new Set(['shot', 'thirds']);

export function cameraMoveOf(optionId: string): CameraMove | undefined {
  return CAMERA_MOVES[optionId];
}

/** Without a face, a shot keeps this share of the picture's middle. */
const SHOT_WITHOUT_FACE = 0.6;
/** A shot keeps at least this share of the picture's side: a small face is framed looser rather than enlarged into a blur. */
const MIN_SHOT_SHARE = 1 / 3;
/** The background's blur, sigma per 1000 px of long edge. */
const BOKEH_BLUR = 9;
/** Without a person, the sharp zone is the middle: inside this radius (of the half-diagonal). */
const SHARP_CENTRE = 0.35;
/** A miniature's band of focus: sharp within this share of the height around the face, blurred fully past twice it. */
const MINIATURE_BAND = 0.1;
/** The miniature's blur, sigma per 1000 px of long edge, and its toy-like colour. */
const MINIATURE_BLUR = 7;
const MINIATURE_SATURATION = 1.4;
/** A soft lens's glow: the blur (sigma per 1000 px) and the share of the glow screened over the picture. */
const GLOW_BLUR = 14;
const GLOW_OPACITY = 0.55;
/** A security camera: its grain, green-grey tint and the keystone of a camera high in a corner. */
const CCTV_GRAIN = 31;
const CCTV_TINT = { r: 170, g: 205, b: 170 } as const;
const CCTV_KEYSTONE = { kind: 'perspective', top: 0.86, bottom: 1 } as const;

/** The window a shot keeps, of the given shape (width / height): around the largest face, or the middle without one. */
export function shotWindow(picture: Frame, aspect: number, faceHeights: number, analysis: SubjectAnalysis | null): Box {
  const face = analysis?.faces[0]?.box;
  const fits = Math.min(picture.height, picture.width / aspect);
  const height = Math.min(
    fits,
    Math.max(fits * MIN_SHOT_SHARE, face ? face.height * faceHeights : fits * SHOT_WITHOUT_FACE),
  );
  const width = height * aspect;
  const centre = face
    ? { x: face.left + face.width / 2, y: face.top + face.height * 0.45 }
    : { x: picture.width / 2, y: picture.height / 2 };
  const clamp = (value: number, size: number, limit: number) => Math.min(Math.max(0, value - size / 2), limit - size);
  return { left: clamp(centre.x, width, picture.width), top: clamp(centre.y, height, picture.height), width, height };
}

/**
 * The widest window of the given shape that puts the face on the nearer vertical third (the one
 * that leaves the larger window) and the eyes near the upper third, or the middle without a face.
 */
export function thirdsWindow(picture: Frame, aspect: number, analysis: SubjectAnalysis | null): Box {
  const face = analysis?.faces[0]?.box;
  const x = face ? face.left + face.width / 2 : picture.width / 2;
  const y = face ? face.top + face.height * 0.45 : picture.height / 2;
  const onLeft = Math.min(3 * x, 1.5 * (picture.width - x));
  const onRight = Math.min(1.5 * x, 3 * (picture.width - x));
  // Never less than half the picture: a face at the very edge is then only nearer its third.
  const width = Math.max(
    picture.width / 2,
    Math.min(Math.max(onLeft, onRight), picture.width, picture.height * aspect),
  );
  const height = width / aspect;
  const clamp = (value: number, size: number, limit: number) => Math.min(Math.max(0, value), limit - size);
  const left = onLeft >= onRight ? x - width / 3 : x - (2 * width) / 3;
  return { left: clamp(left, width, picture.width), top: clamp(y - height / 3, height, picture.height), width, height };
}

/**
 * The picture kept over a processed copy of it, pixel by pixel as much as `share` says (0 shows the
 * copy, 255 the picture, times `weight`): the person over a blurred or streaked background, a band of focus.
 */
async function keptOver(picture: RawPicture, processed: Buffer, share: Uint8Array, weight = 1): Promise<WorkPicture> {
  const { data, width, height } = picture;
  const out = new Uint8Array(width * height * 3);
  await eachRow(width, height, (y) => keptRow(out, data, processed, share, weight / 255, y * width, (y + 1) * width));
  return rawPicture(out, width, height);
}

// The loops below run once per pixel of a 12 MP picture: everything they read is an argument or a
// local, so that they compile to plain arithmetic.

function keptRow(
  out: Uint8Array,
  data: Uint8Array,
  processed: Uint8Array,
  share: Uint8Array,
  scale: number,
  from: number,
  to: number,
): void {
  for (let index = from, at = from * 3; index < to; index += 1, at += 3) {
    const kept = (share[index] ?? 0) * scale;
    const p0 = processed[at] ?? 0;
    const p1 = processed[at + 1] ?? 0;
    const p2 = processed[at + 2] ?? 0;
    out[at] = p0 + ((data[at] ?? 0) - p0) * kept;
    out[at + 1] = p1 + ((data[at + 1] ?? 0) - p1) * kept;
    out[at + 2] = p2 + ((data[at + 2] ?? 0) - p2) * kept;
  }
}

/** Without a person, the sharp middle's mask is drawn this many pixels across and enlarged: it is a smooth fall-off. */
const FALLOFF_EDGE = 256;

/** The person's share of each pixel (their matte), or without one a sharp middle fading out towards the corners. */
async function personShare(analysis: SubjectAnalysis | null, width: number, height: number): Promise<Uint8Array> {
  const mask = analysis?.person?.mask;
  if (mask) return mask;
  const scale = Math.min(1, FALLOFF_EDGE / Math.max(width, height));
  const [small, smallHeight] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  const reach = Math.hypot(small, smallHeight) / 2;
  const falloff = new Uint8Array(small * smallHeight);
  for (let y = 0; y < smallHeight; y += 1) {
    for (let x = 0; x < small; x += 1) {
      const out =
        (Math.hypot(x + 0.5 - small / 2, y + 0.5 - smallHeight / 2) / reach - SHARP_CENTRE) / (1 - SHARP_CENTRE);
      falloff[y * small + x] = 255 * (1 - Math.min(1, Math.max(0, out)));
    }
  }
  return sharp(falloff, { raw: { width: small, height: smallHeight, channels: 1 } })
    .resize({ width, height, fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** Works on the picture's upright pixels; a libvips failure is told as the picture's own (decodeFailure). */
async function onPixels(image: WorkPicture, work: (picture: RawPicture) => Promise<WorkPicture>): Promise<WorkPicture> {
  try {
    return await work(await uprightPixels(image));
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** A pipeline on raw RGB pixels. */
/** The picture blurred by `perThousand` px of sigma per 1000 px of its long edge: the same softness at any size. */
const blurredBy = (picture: RawPicture, perThousand: number) =>
  rawPipeline(picture).blur((perThousand * Math.max(picture.width, picture.height)) / 1000);

/** The background blurred behind the person (their matte), or around the middle without one. */
export function throwBackgroundOutOfFocus(image: WorkPicture, analysis: SubjectAnalysis | null): Promise<WorkPicture> {
  return onPixels(image, async (picture) =>
    keptOver(
      picture,
      await blurredBy(picture, BOKEH_BLUR).raw().toBuffer(),
      await personShare(analysis, picture.width, picture.height),
    ),
  );
}

/**
 * The background streaked sideways behind the person, as a camera following them (panning) or a
 * long exposure sees it. The streak is a box blur along the rows, made on a copy narrowed so the
 * kernel stays short and enlarged back: the rows keep their sharpness across.
 */
export function streakBackground(
  image: WorkPicture,
  analysis: SubjectAnalysis | null,
  move: Extract<CameraMove, { kind: 'streak' }>,
): Promise<WorkPicture> {
  return onPixels(image, async (picture) => {
    const { width, height } = picture;
    const length = Math.max(3, (move.length * width) / 1000);
    const shrink = Math.max(1, Math.floor(length / 15));
    const taps = 2 * Math.round(length / shrink / 2) + 1;
    // Two pipelines: sharp applies one resize per pipeline, and the blur must run on the narrowed copy.
    const narrow = await rawPipeline(picture)
      .resize({ width: Math.max(1, Math.round(width / shrink)), height, fit: 'fill' })
      // sharp takes kernels at least 3 rows high: the streak is the middle row.
      .convolve({
        width: taps,
        height: 3,
        kernel: [
          ...new Array<number>(taps).fill(0),
          ...new Array<number>(taps).fill(1),
          ...new Array<number>(taps).fill(0),
        ],
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const streaked = await sharp(narrow.data, { raw: narrow.info })
      .resize({ width, height, fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer();
    return keptOver(picture, streaked, await personShare(analysis, width, height), 1 - move.trail);
  });
}

/**
 * A tilt-shift miniature: a narrow band of focus at the face's height (the middle without a face),
 * the rows above and below blurred more with distance, the colours brighter as on a model.
 */
export function miniature(image: WorkPicture, analysis: SubjectAnalysis | null): Promise<WorkPicture> {
  return onPixels(image, async (picture) => {
    const { width, height } = picture;
    const vivid = {
      width,
      height,
      data: await rawPipeline(picture).modulate({ saturation: MINIATURE_SATURATION }).linear(1.08, -8).raw().toBuffer(),
    };
    const face = analysis?.faces[0]?.box;
    const focus = face ? face.top + face.height / 2 : height / 2;
    const reach = MINIATURE_BAND * height;
    // Sharp in the band, blurred more with distance from it: the same share along each row.
    const band = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 1) {
      band.fill(
        255 * (1 - Math.min(1, Math.max(0, (Math.abs(y - focus) - reach) / reach))),
        y * width,
        (y + 1) * width,
      );
    }
    return keptOver(vivid, await blurredBy(vivid, MINIATURE_BLUR).raw().toBuffer(), band);
  });
}

/** A soft-focus lens: a blurred copy screened over the picture, so the highlights bloom. */
export function softGlow(image: WorkPicture): Promise<WorkPicture> {
  return onPixels(image, async (picture) => {
    const glow = await blurredBy(picture, GLOW_BLUR).ensureAlpha(GLOW_OPACITY).raw().toBuffer();
    return pixelsOf(
      rawPipeline(picture).composite([
        { input: glow, raw: { width: picture.width, height: picture.height, channels: 4 }, blend: 'screen' },
      ]),
    );
  });
}

/** Steps of the grain's tables: fine enough that the grain's spread is the normal one, to well under a grey level. */
const GRAIN_STEPS = 4096;
/**
 * Box–Muller's radius √(−2 ln(1 − u)) and the angle's cosine and sine, each at the middle of one of
 * GRAIN_STEPS steps of u: read, not computed, for each of the millions of values of a grain.
 */
const GRAIN_TABLES = (() => {
  const middle = (step: number) => (step + 0.5) / GRAIN_STEPS;
  const steps = { length: GRAIN_STEPS };
  return {
    radius: Float64Array.from(steps, (_, step) => Math.sqrt(-2 * Math.log(1 - middle(step)))),
    cos: Float64Array.from(steps, (_, step) => Math.cos(2 * Math.PI * middle(step))),
    sin: Float64Array.from(steps, (_, step) => Math.sin(2 * Math.PI * middle(step))),
  };
})();

/**
 * Grain around mid-grey of the given spread, the same for every picture of a size: like every other
 * option, a security camera renders the same picture twice (sharp's own noise is random at each call).
 */
function gaussianGrain(size: { width: number; height: number; channels: 3 }, sigma: number): Buffer {
  const dice = new Dice(`grain:${size.width}x${size.height}`);
  const { radius, cos, sin } = GRAIN_TABLES;
  const grain = new Uint8ClampedArray(size.width * size.height * size.channels);
  for (let at = 0; at < grain.length; at += 2) {
    // Box–Muller: two normal values from two uniform ones.
    const length = sigma * (radius[Math.floor(dice.next() * GRAIN_STEPS)] ?? 0);
    const angle = Math.floor(dice.next() * GRAIN_STEPS);
    grain[at] = 128 + length * (cos[angle] ?? 0);
    grain[at + 1] = 128 + length * (sin[angle] ?? 0);
  }
  return Buffer.from(grain.buffer);
}

/** A security camera's picture: grey-green, contrasty and grainy, seen from high in a corner. */
export function securityCamera(image: WorkPicture): Promise<WorkPicture> {
  return onPixels(image, async (picture) => {
    const { width, height } = picture;
    const raw = { width, height, channels: 3 } as const;
    // The grain keeps its size to the frame: drawn at most 2000 px across and enlarged, which also spares making 12 MP of noise.
    const shrink = Math.max(1, Math.round(Math.max(width, height) / 2000));
    const drawn = { width: Math.ceil(width / shrink), height: Math.ceil(height / shrink), channels: 3 } as const;
    const grain = await sharp(gaussianGrain(drawn, CCTV_GRAIN), { raw: drawn })
      .resize({ width, height, fit: 'fill', kernel: 'nearest' })
      .raw()
      .toBuffer();
    const grainy = await rawPipeline(picture)
      .composite([{ input: grain, raw, blend: 'overlay' }])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A tint keeps the picture's lightness and gives it one hue, the grain's colours included: a monochrome screen.
    const screen = await pixelsOf(sharp(grainy.data, { raw: grainy.info }).tint(CCTV_TINT).linear(1.2, -20));
    return reproject(screen, CCTV_KEYSTONE);
  });
}

/** A keystone (from below or above) or a fisheye lens, as a resampling of the picture. */
export function reproject(
  image: WorkPicture,
  move: Extract<CameraMove, { kind: 'perspective' | 'fisheye' }>,
): Promise<WorkPicture> {
  return onPixels(image, async (picture) => {
    const { width, height } = picture;
    const out = new Uint8Array(width * height * 3);
    // Each output pixel reads the picture where the lens or the keystone brings it from.
    await eachRow(width, height, (y) =>
      move.kind === 'fisheye' ? fisheyeRow(out, picture, y, move.strength) : keystoneRow(out, picture, y, move),
    );
    return rawPicture(out, width, height);
  });
}

/** Barrel distortion: the edges squeezed, the middle swollen, scaled so that the corners stay the corners. */
function fisheyeRow(out: Uint8Array, { data, width, height }: RawPicture, y: number, strength: number): void {
  const [cx, cy] = [width / 2, height / 2];
  const halfSquared = (width * width + height * height) / 4;
  const dy = y - cy;
  for (let x = 0, at = y * width * 3; x < width; x += 1, at += 3) {
    const dx = x - cx;
    const scale = (1 + (strength * (dx * dx + dy * dy)) / halfSquared) / (1 + strength);
    sampleInto(out, at, data, width, height, cx + dx * scale, cy + dy * scale);
  }
}

/** A keystone: each row narrowed or widened about the middle, the nearer end (magnified across) also taller. */
function keystoneRow(
  out: Uint8Array,
  { data, width, height }: RawPicture,
  y: number,
  { top, bottom }: Extract<CameraMove, { kind: 'perspective' }>,
): void {
  const cx = width / 2;
  const t = y / Math.max(1, height - 1);
  const stretch = (top - bottom) * 0.8;
  const scale = top + (bottom - top) * t;
  const sourceY = (height - 1) * (t + stretch * t * (1 - t));
  for (let x = 0, at = y * width * 3; x < width; x += 1, at += 3) {
    sampleInto(out, at, data, width, height, cx + (x - cx) * scale, sourceY);
  }
}

/** Bilinear sample of the picture's pixels at (x, y), clamped at the edges, rounded into `out` at `at`. */
function sampleInto(
  out: Uint8Array,
  at: number,
  data: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): void {
  const fx = x < 0 ? 0 : x > width - 1 ? width - 1 : x;
  const fy = y < 0 ? 0 : y > height - 1 ? height - 1 : y;
  // Both are at least 0 here: truncating is flooring.
  const x0 = fx | 0;
  const y0 = fy | 0;
  const ax = fx - x0;
  const ay = fy - y0;
  const p00 = (y0 * width + x0) * 3;
  const p10 = x0 + 1 < width ? p00 + 3 : p00;
  const p01 = y0 + 1 < height ? p00 + width * 3 : p00;
  const p11 = p01 + p10 - p00;
  for (let channel = 0; channel < 3; channel += 1) {
    const top = (data[p00 + channel] ?? 0) * (1 - ax) + (data[p10 + channel] ?? 0) * ax;
    const bottom = (data[p01 + channel] ?? 0) * (1 - ax) + (data[p11 + channel] ?? 0) * ax;
    // Adding a half and truncating rounds a value of at least 0.
    out[at + channel] = top + (bottom - top) * ay + 0.5;
  }
}
