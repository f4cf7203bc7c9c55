import { decodeFailure } from '../../decode';
import type { Box, SubjectAnalysis } from '../../models';
import { sharp } from '../../sharp';
import type { Frame } from './geometry';
import { eachRow, intermediateJpeg, uprightPixels, type RawPicture } from './pixels';

/**
 * What a camera option does to the picture itself (the other camera options keep their drawn
 * framing, overlays.ts): a shot tightened on the face, the background thrown out of focus behind
 * the person, a perspective seen from below or above, or a fisheye lens.
 */
export type CameraMove =
  /** The window holds this many face heights, centred on the face. */
  | { kind: 'shot'; faceHeights: number }
  | { kind: 'bokeh' }
  /** Horizontal scale of the top and bottom rows (1 keeps the row; less magnifies it): a keystone. */
  | { kind: 'perspective'; top: number; bottom: number }
  | { kind: 'fisheye' };

const CAMERA_MOVES: Readonly<Record<string, CameraMove>> = {
  'extreme-close-up': { kind: 'shot', faceHeights: 1.8 },
  'close-up': { kind: 'shot', faceHeights: 3 },
  'medium-close-up': { kind: 'shot', faceHeights: 4.5 },
  bokeh: { kind: 'bokeh' },
  'portrait-lens': { kind: 'bokeh' },
  'low-angle': { kind: 'perspective', top: 1, bottom: 0.8 },
  'worms-eye': { kind: 'perspective', top: 1, bottom: 0.66 },
  'high-angle': { kind: 'perspective', top: 0.8, bottom: 1 },
  'birds-eye': { kind: 'perspective', top: 0.7, bottom: 1 },
  'top-down': { kind: 'perspective', top: 0.72, bottom: 1 },
  fisheye: { kind: 'fisheye' },
};

export function cameraMoveOf(optionId: string): CameraMove | undefined {
  return CAMERA_MOVES[optionId];
}

/** Without a face, a shot keeps this share of the picture's middle. */
const SHOT_WITHOUT_FACE = 0.6;
/** The background's blur, sigma per 1000 px of long edge. */
const BOKEH_BLUR = 9;
/** Without a person, the sharp zone is the middle: inside this radius (of the half-diagonal). */
const SHARP_CENTRE = 0.35;
/** Barrel distortion: r' = r (1 + k r²) on radii normalised to the half-diagonal. */
const FISHEYE_STRENGTH = 0.45;

/** The window a shot keeps, of the given shape (width / height): around the largest face, or the middle without one. */
export function shotWindow(picture: Frame, aspect: number, faceHeights: number, analysis: SubjectAnalysis | null): Box {
  const face = analysis?.faces[0]?.box;
  const height = Math.min(picture.height, face ? face.height * faceHeights : picture.height * SHOT_WITHOUT_FACE, picture.width / aspect);
  const width = height * aspect;
  const centre = face ? { x: face.left + face.width / 2, y: face.top + face.height * 0.45 } : { x: picture.width / 2, y: picture.height / 2 };
  const clamp = (value: number, size: number, limit: number) => Math.min(Math.max(0, value - size / 2), limit - size);
  return { left: clamp(centre.x, width, picture.width), top: clamp(centre.y, height, picture.height), width, height };
}

/** The background blurred behind the person (their matte), or around the middle without one. */
export async function throwBackgroundOutOfFocus(image: Buffer, analysis: SubjectAnalysis | null): Promise<Buffer> {
  try {
    const sharpPicture = await uprightPixels(image);
    const { width, height } = sharpPicture;
    const sigma = (BOKEH_BLUR * Math.max(width, height)) / 1000;
    const blurred = await sharp(sharpPicture.data, { raw: { width, height, channels: 3 } }).blur(sigma).raw().toBuffer();
    const mask = analysis?.person?.mask;
    const reach = Math.hypot(width, height) / 2;
    const out = new Uint8Array(width * height * 3);
    await eachRow(width, height, (y) => {
      for (let x = 0; x < width; x += 1) {
        const index = y * width + x;
        const kept = mask ? (mask[index] ?? 0) / 255 : 1 - Math.min(1, Math.max(0, (Math.hypot(x - width / 2, y - height / 2) / reach - SHARP_CENTRE) / (1 - SHARP_CENTRE)));
        for (let channel = 0; channel < 3; channel += 1) {
          const at = index * 3 + channel;
          out[at] = (sharpPicture.data[at] ?? 0) * kept + (blurred[at] ?? 0) * (1 - kept);
        }
      }
    });
    return await intermediateJpeg(out, width, height);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** A keystone (from below or above) or a fisheye lens, as a resampling of the picture. */
export async function reproject(image: Buffer, move: Extract<CameraMove, { kind: 'perspective' | 'fisheye' }>): Promise<Buffer> {
  try {
    const picture = await uprightPixels(image);
    const { width, height } = picture;
    const [cx, cy, half] = [width / 2, height / 2, Math.hypot(width, height) / 2];
    const out = new Uint8Array(width * height * 3);
    // Each output pixel reads the picture where the lens or the keystone brings it from; the loops
    // allocate nothing per pixel (a 12 MP picture is 12 million reads).
    await eachRow(width, height, (y) => {
      const row = y * width * 3;
      if (move.kind === 'fisheye') {
        // Barrel: the edges are squeezed, the middle swells; scaled so the corners stay the corners.
        for (let x = 0; x < width; x += 1) {
          const r = Math.hypot(x - cx, y - cy) / half;
          const scale = (1 + FISHEYE_STRENGTH * r * r) / (1 + FISHEYE_STRENGTH);
          sampleInto(out, row + x * 3, picture, cx + (x - cx) * scale, cy + (y - cy) * scale);
        }
        return;
      }
      const t = y / Math.max(1, height - 1);
      // The nearer end (the one magnified across) also takes more of the height.
      const stretch = (move.top - move.bottom) * 0.8;
      const scale = move.top + (move.bottom - move.top) * t;
      const sourceY = (height - 1) * (t + stretch * t * (1 - t));
      for (let x = 0; x < width; x += 1) sampleInto(out, row + x * 3, picture, cx + (x - cx) * scale, sourceY);
    });
    return await intermediateJpeg(out, width, height);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** Bilinear sample of the picture at (x, y), clamped at the edges. */
function sampleInto(out: Uint8Array, at: number, { data, width, height }: RawPicture, x: number, y: number): void {
  const fx = Math.min(width - 1, Math.max(0, x));
  const fy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const topLeft = (y0 * width + x0) * 3;
  const right = x0 + 1 < width ? 3 : 0;
  const down = y0 + 1 < height ? width * 3 : 0;
  for (let channel = 0; channel < 3; channel += 1) {
    const at00 = topLeft + channel;
    const p00 = data[at00] ?? 0;
    const p10 = data[at00 + right] ?? 0;
    const p01 = data[at00 + down] ?? 0;
    const p11 = data[at00 + down + right] ?? 0;
    const top = p00 + (p10 - p00) * ax;
    const bottom = p01 + (p11 - p01) * ax;
    out[at + channel] = Math.round(top + (bottom - top) * ay);
  }
}
