import { DECODE_OPTIONS, decodeFailure } from '../../decode';
import { JPEG_OUTPUT } from '../../limits';
import { sharp, type Sharp } from '../../sharp';
import type { TransformedImage } from '../types';
import type { Frame } from './geometry';
import { IDENTITY, isDiagonal, isIdentity, type Grade } from './grade';
import { isIdentityKernel } from './kernel';
import type { Look } from './look';
import { isRaw, rawPipeline, type WorkPicture } from './pixels';
import type { StyledPicture } from './styles/stylise';

/**
 * Aspect crops keep the centre, where a portrait's subject is. libvips' "attention" finder costs a
 * whole-image analysis (+40 ms on 12 MP, about a sixth of the time budget) and would frame the
 * same photo differently from one format to the next.
 */
const CROP_POSITION = 'centre';

/** Light enough to skip: a blur below this is invisible, and sharp refuses it anyway. */
const MIN_BLUR_SIGMA = 0.3;

/**
 * Renders a look on an image in one sharp pipeline: decode → tone curve → crop and resize →
 * blur → convolution → colour matrix → colour offsets → JPEG, with nothing encoded in
 * between. That order is sharp's own fixed order, which is why the grade is split into `recomb`
 * (the matrix) and `linear` (gains and offsets). Only the mosaic and a styled picture's grade
 * (gradedAtWorkingSize) need a second, small pass.
 */
export async function renderLook(
  image: Picture,
  source: Source,
  target: Frame,
  finished: Look,
): Promise<TransformedImage> {
  const block = Math.round(finished.pixelate * Math.max(target.width, target.height));
  try {
    const { data, info } = await (block >= 2
      ? renderMosaic(image, source, target, block, finished)
      : isStyled(image) && isIdentityKernel(finished.kernel)
        ? renderDirect(await gradedAtWorkingSize(image, finished), source, target, {
            ...finished,
            tone: 1,
            grade: IDENTITY,
          })
        : renderDirect(image, source, target, finished));
    return { image: data, width: info.width, height: info.height };
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** The upload or a step's pixels, or a picture the style engine already rendered (raw, upright, at its working size). */
export type Picture = WorkPicture | StyledPicture;

export interface Source extends Frame {
  /** Bands in the decoded image: 1 or 2 for grey ones. */
  channels: number;
}

function isStyled(image: Picture): image is StyledPicture {
  return isRaw(image) && 'nearest' in image;
}

/**
 * A styled picture is at the style's working size (a twentieth of a 12 MP photo's pixels), so its
 * tone and colour grade are applied there rather than on every enlarged pixel: at 12 MP that saves
 * about a sixth of a style's render. The enlargement and the blur are weighted means, which an affine
 * grade passes through, so only where the grade clips at white or black does the picture differ (by
 * under 3 of 255 on average, render.test.ts). A 3×3 kernel would sharpen those clipped edges: looks
 * with one keep the one full-size pipeline.
 */
async function gradedAtWorkingSize(picture: StyledPicture, finished: Look): Promise<StyledPicture> {
  const data = await withGrade(withTone(open(picture), finished.tone), finished.grade, 3)
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return { ...picture, data };
}

function renderDirect(image: Picture, source: Source, target: Frame, finished: Look) {
  let pipeline = withTone(open(image), finished.tone);
  const kernel = isStyled(image) && image.nearest ? 'nearest' : 'lanczos3';
  if (source.width !== target.width || source.height !== target.height) {
    pipeline = pipeline.resize(target.width, target.height, { fit: 'cover', position: CROP_POSITION, kernel });
  }
  const sigma = (finished.blur * Math.max(target.width, target.height)) / 1000;
  if (sigma >= MIN_BLUR_SIGMA) pipeline = pipeline.blur(sigma);
  if (!isIdentityKernel(finished.kernel)) {
    pipeline = pipeline.convolve({ width: 3, height: 3, kernel: [...finished.kernel], scale: 1 });
  }
  return encode(withGrade(pipeline, finished.grade, source.channels));
}

/** Pixel art: the grade applied to a tiny image, which is then enlarged without smoothing. */
async function renderMosaic(image: Picture, source: Source, target: Frame, block: number, finished: Look) {
  const small = {
    width: Math.max(1, Math.round(target.width / block)),
    height: Math.max(1, Math.round(target.height / block)),
  };
  const shrunk = withTone(open(image), finished.tone).resize(small.width, small.height, {
    fit: 'cover',
    position: CROP_POSITION,
  });
  const tiny = await withGrade(shrunk, finished.grade, source.channels).raw().toBuffer({ resolveWithObject: true });
  const enlarged = sharp(tiny.data, { raw: tiny.info }).resize(target.width, target.height, {
    fit: 'fill',
    kernel: 'nearest',
  });
  return encode(withGrade(enlarged, IDENTITY, tiny.info.channels));
}

function open(image: Picture): Sharp {
  if (isRaw(image)) return rawPipeline(image);
  return sharp(image, DECODE_OPTIONS).autoOrient().flatten({ background: '#ffffff' });
}

/** The power curve as sharp's gamma step before resizing (its second step, set to 1, changes nothing). */
function withTone(pipeline: Sharp, tone: number): Sharp {
  return tone > 1.01 ? pipeline.gamma(Math.min(3, tone), 1) : pipeline;
}

type Matrix3 = [[number, number, number], [number, number, number], [number, number, number]];

/**
 * The grade's matrix as `recomb`, then the per-channel gains and offsets as `linear`. A diagonal
 * matrix skips `recomb` and goes to `linear`.
 */
function withGrade(pipeline: Sharp, { matrix, offset }: Grade, channels: number): Sharp {
  // A grey image has one band; recomb turns it into RGB, which the three-value linear step needs.
  const useMatrix = !isDiagonal(matrix) || (channels < 3 && !isIdentity({ matrix, offset }));
  if (useMatrix) pipeline = pipeline.recomb(matrix.map((row) => [...row]) as Matrix3);
  const gains = useMatrix ? [1, 1, 1] : matrix.map((row, index) => row[index] ?? 1);
  const changes = gains.some((gain) => Math.abs(gain - 1) >= 1e-6) || offset.some((value) => Math.abs(value) >= 1e-3);
  return changes ? pipeline.linear(gains, [...offset]) : pipeline;
}

function encode(pipeline: Sharp) {
  return pipeline.toColourspace('srgb').jpeg(JPEG_OUTPUT).toBuffer({ resolveWithObject: true });
}
