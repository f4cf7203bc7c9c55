import type { UpscaleOption } from '@atelier/catalog';
import {
  contentKey,
  superResolve,
  type Box,
  type Face,
  type ModelRuntime,
  type RecentResults,
  type RgbImage,
  type SuperResolutionFactor,
  type SuperResolved,
} from '../../models';
import { inspectImage } from '../../decode';
import { sharp } from '../../sharp';
import { namedFrame, outputFit, type Frame } from './geometry';
import { isRaw, rawPicture, uprightPixels, type WorkPicture } from './pixels';

/**
 * ESRGAN enlarges pictures of at most this many pixels. The budget is about a minute of the model
 * threads' CPU: measured at 11 s a source megapixel for ×2, 13 s for ×3 and 15 s for ×4
 * (`npm run bench -- models`), so at most 56 s; about 30 s on an idle 2-core machine, whose two
 * model threads share the tiles, with the job's progress told tile by tile. The output bound
 * (8K's 33 MP) keeps ×3 to sources of 3.7 MP and ×4 to 2 MP, so the limit only stops the ×2 model,
 * on sources of 5 to 8.3 MP, and the options without a stated factor on larger ones; they are
 * enlarged with Lanczos (a 12 MP photo would take 2.5 minutes of CPU), and their faces are still
 * rebuilt by the model.
 */
export const SUPER_RESOLUTION_MAX_PIXELS = 5_000_000;
/** A face is restored by the model when the square around it is at most this wide (one tile, ×4). */
export const RESTORED_FACE_MAX_SIDE = 256;
/** The square restored around a face box: the box (brow to chin) grown to take in hair and jaw. */
const FACE_REGION_SCALE = 1.6;
/** The widest unsharp mask sharp applies: a face filling a 12 MP photo would ask for more. */
const MAX_SHARPEN_SIGMA = 10;
/** Faces restored at most, largest first. */
const MAX_RESTORED_FACES = 3;
/** Options about faces: their enlargement restores the detected faces too. */
const FACE_OPTIONS = new Set(['face-restore', 'portrait-enhance']);

export function restoresFaces(option: UpscaleOption): boolean {
  return FACE_OPTIONS.has(option.id);
}

/**
 * How much the picture is enlarged: the option's factor, or what brings it to the size the option
 * names (the picture is already cut to that shape), within the output bounds (7680 px, 33 MP).
 */
export function enlargementOf(frame: Frame, option: UpscaleOption): number {
  const size = namedFrame(option, frame);
  const scale = size ? Math.max(size.width / frame.width, size.height / frame.height) : option.scale;
  return scale * outputFit({ width: frame.width * scale, height: frame.height * scale });
}

/**
 * The model's enlargements kept for the next renders of the same picture (another HD option, another
 * seed: the model's pass costs tens of seconds), up to this many output pixels each (24 MB).
 */
export const KEPT_ENLARGEMENT_PIXELS = 8_000_000;

export interface EnlargeOptions {
  signal?: AbortSignal | undefined;
  /** Told how far the model work is, 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
  /** The engine's recent model enlargements, by picture and factor. */
  kept?: RecentResults<SuperResolved> | undefined;
}

/**
 * The picture enlarged for an HD option: by ESRGAN when it is small enough (else Lanczos), then,
 * for the face options, each face restored by the model and blended back. The result is handed on
 * as pixels; the looks (the option's sharpening) and the final size come after.
 * Returns the image itself when there is nothing to do (no enlargement, no face to restore).
 */
export async function enlarge(
  runtime: ModelRuntime,
  image: WorkPicture,
  option: UpscaleOption,
  faces: readonly Face[],
  options: EnlargeOptions = {},
): Promise<WorkPicture> {
  // Decided on the picture's size alone: a Lanczos enlargement is the render's own resize, and a
  // full decode here (0.15 s at 12 MP) would be thrown away.
  const frame = isRaw(image) ? image : await inspectImage(image);
  const factor = enlargementOf(frame, option);
  const modelled = factor > 1 && frame.width * frame.height <= SUPER_RESOLUTION_MAX_PIXELS;
  const restored = restoresFaces(option) ? faces.slice(0, MAX_RESTORED_FACES) : [];
  if (!modelled && restored.length === 0) return image;
  const pixels = await uprightPixels(image);
  // Each model pass (the whole picture, then each face) counts as an equal share of the progress.
  const passes = (modelled ? 1 : 0) + restored.length;
  let pass = 0;
  const onTile = (done: number, total: number) => options.onProgress?.((pass + done / total) / passes);
  const size = {
    width: Math.max(1, Math.round(pixels.width * Math.max(1, factor))),
    height: Math.max(1, Math.round(pixels.height * Math.max(1, factor))),
  };
  let before: RgbImage;
  if (modelled) {
    const model = modelFactor(factor);
    const work = () => superResolve(runtime, pixels, model, { signal: options.signal, onTile });
    const kept = pixels.width * pixels.height * model * model <= KEPT_ENLARGEMENT_PIXELS ? options.kept : undefined;
    before = await (kept ? kept.get(`${contentKey(pixels.data)}:${model}`, work) : work());
    pass += 1;
  } else {
    before = pixels;
  }
  const enlarged = await resized(before, size);
  const scale = size.width / pixels.width;
  const patches: FacePatch[] = [];
  for (const face of restored) {
    patches.push(
      await restoredFace(runtime, pixels, enlarged, regionAround(face.box, pixels), scale, {
        signal: options.signal,
        onTile,
      }),
    );
    pass += 1;
  }
  // The faces go into the resize's own pixels; pixels the resize did not make (the model's kept
  // result, a step's) are copied first.
  return patches.length > 0
    ? withPatches(enlarged === before ? { ...enlarged, data: Buffer.from(enlarged.data) } : enlarged, patches)
    : rawPicture(enlarged.data, enlarged.width, enlarged.height);
}

/** The model enlarges by 2, 3 or 4: the smallest at least as large as the factor, then Lanczos brings it to size. */
function modelFactor(factor: number): SuperResolutionFactor {
  return factor <= 2 ? 2 : factor <= 3 ? 3 : 4;
}

async function resized(image: RgbImage, size: Frame): Promise<RgbImage> {
  if (image.width === size.width && image.height === size.height) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A square around the face (hair and jaw included), within the picture. */
function regionAround(box: Box, frame: Frame): Region {
  const side = Math.max(box.width, box.height) * FACE_REGION_SCALE;
  const left = Math.max(0, Math.round(box.left + box.width / 2 - side / 2));
  const top = Math.max(0, Math.round(box.top + box.height / 2 - side / 2));
  return {
    left,
    top,
    width: Math.max(1, Math.min(frame.width, Math.round(left + side)) - left),
    height: Math.max(1, Math.min(frame.height, Math.round(top + side)) - top),
  };
}

/**
 * One face restored, as a patch for the enlarged picture. A small face is rebuilt by ESRGAN ×4
 * from the source's pixels and brought down to its size in the enlargement (more detail than the
 * enlargement holds); a large one already has its detail, and keeps the enlargement's pixels. Then
 * skin noise is smoothed (a median keeps edges) and the features sharpened, and the patch fades out
 * towards its edges (an ellipse with a soft border), so it blends into the picture.
 */
async function restoredFace(
  runtime: ModelRuntime,
  source: RgbImage,
  enlarged: RgbImage,
  region: Region,
  scale: number,
  options: { signal?: AbortSignal | undefined; onTile: (done: number, total: number) => void },
): Promise<FacePatch> {
  const target: Region = {
    left: Math.round(region.left * scale),
    top: Math.round(region.top * scale),
    width: Math.min(enlarged.width - Math.round(region.left * scale), Math.max(1, Math.round(region.width * scale))),
    height: Math.min(enlarged.height - Math.round(region.top * scale), Math.max(1, Math.round(region.height * scale))),
  };
  let face: RgbImage;
  if (Math.max(region.width, region.height) <= RESTORED_FACE_MAX_SIDE) {
    const crop = await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 3 } })
      .extract(region)
      .raw()
      .toBuffer();
    face = await superResolve(runtime, { data: crop, width: region.width, height: region.height }, 4, options);
  } else {
    const crop = await sharp(enlarged.data, { raw: { width: enlarged.width, height: enlarged.height, channels: 3 } })
      .extract(target)
      .raw()
      .toBuffer();
    face = { data: crop, width: target.width, height: target.height };
    options.onTile(1, 1);
  }
  const unit = Math.max(target.width, target.height) / 256;
  const patch = await sharp(face.data, { raw: { width: face.width, height: face.height, channels: 3 } })
    .resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' })
    .median(3)
    .sharpen({ sigma: Math.min(MAX_SHARPEN_SIGMA, Math.max(0.5, unit * 0.8)), m1: 0.5, m2: 1.5 })
    .joinChannel(await featherMask(target), { raw: { width: target.width, height: target.height, channels: 1 } })
    .raw()
    .toBuffer();
  // Raw pixels: a PNG of a face filling a 12 MP photo took longer to write and read than the rest.
  const raw = { width: target.width, height: target.height, channels: 4 } as const;
  return { input: patch, raw, left: target.left, top: target.top };
}

/** A restored face: RGBA pixels (the alpha its feathered edge) and where they go in the enlargement. */
interface FacePatch {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
  left: number;
  top: number;
}

/**
 * The enlargement with the faces blended in by their alpha, in place. Only the faces' squares are
 * worked on: a composite of the whole 33 MP enlargement cost more than restoring the face.
 */
function withPatches(enlarged: RgbImage, patches: readonly FacePatch[]): WorkPicture {
  const { data, width, height } = enlarged;
  const out = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  for (const { input, raw, left, top } of patches) {
    for (let y = 0; y < raw.height; y += 1)
      blendRow(out, input, raw.width, y * raw.width * 4, ((top + y) * width + left) * 3);
  }
  return rawPicture(out, width, height);
}

/** One row of RGBA pixels blended over RGB ones by its alpha (a loop of plain locals: a face is millions of pixels). */
function blendRow(out: Uint8ClampedArray, patch: Buffer, width: number, from: number, to: number): void {
  for (let x = 0; x < width; x += 1, from += 4, to += 3) {
    const alpha = (patch[from + 3] ?? 0) / 255;
    const [r, g, b] = [out[to] ?? 0, out[to + 1] ?? 0, out[to + 2] ?? 0];
    out[to] = r + ((patch[from] ?? 0) - r) * alpha;
    out[to + 1] = g + ((patch[from + 1] ?? 0) - g) * alpha;
    out[to + 2] = b + ((patch[from + 2] ?? 0) - b) * alpha;
  }
}

/** The feather mask is drawn and blurred at this size, then stretched: a blur at a 12 MP face's size would cost seconds. */
const MASK_SIDE = 96;

/** Opaque in an ellipse filling most of the region, fading to transparent at its edges. */
async function featherMask({ width, height }: Frame): Promise<Buffer> {
  const feather = MASK_SIDE * 0.08;
  const radius = MASK_SIDE / 2 - 2 * feather;
  const ellipse = `<svg xmlns="http://www.w3.org/2000/svg" width="${MASK_SIDE}" height="${MASK_SIDE}"><rect width="100%" height="100%" fill="black"/><circle cx="${MASK_SIDE / 2}" cy="${MASK_SIDE / 2}" r="${radius}" fill="white"/></svg>`;
  const small = await sharp(Buffer.from(ellipse)).blur(feather).extractChannel(0).raw().toBuffer();
  return sharp(small, { raw: { width: MASK_SIDE, height: MASK_SIDE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}
