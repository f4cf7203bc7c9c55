import { getOption, type Dimensions, type FormatOption, type UpscaleOption } from '@atelier/catalog';
import { MediaError } from '../../errors';
import { MAX_OUTPUT_EDGE, MAX_OUTPUT_PIXELS } from '../../limits';
import type { Choice } from './recipes';

export interface Frame {
  width: number;
  height: number;
}

export function formatOf(choices: readonly Choice[]): FormatOption | undefined {
  const choice = choices.find(({ category }) => category === 'format');
  return choice && getOption('format', choice.option.id);
}

/** A format's width over height. */
export function aspectOf(format: FormatOption): number {
  const { width, height } = format.size ?? format.aspect;
  return width / height;
}

export function upscaleOf(choices: readonly Choice[]): UpscaleOption | undefined {
  const choice = choices.find(({ category }) => category === 'upscale');
  return choice && getOption('upscale', choice.option.id);
}

/** The frame an enlargement named by a screen size delivers ("Fond d'écran 4K"), in the picture's orientation. */
export function namedFrame(option: UpscaleOption | undefined, picture: Frame): Dimensions | undefined {
  const size = option?.size;
  if (!size) return undefined;
  return picture.height > picture.width === size.height > size.width
    ? size
    : { width: size.height, height: size.width };
}

/** The shape (width / height) and pixel size the options give the picture. */
export interface Framing {
  aspect: number;
  size?: Dimensions;
}

/** A format's framing, else a sized enlargement's. */
export function framingOf(choices: readonly Choice[], picture: Frame): Framing | undefined {
  const format = formatOf(choices);
  if (format) return { aspect: aspectOf(format), ...(format.size ? { size: format.size } : {}) };
  const size = namedFrame(upscaleOf(choices), picture);
  return size && { aspect: size.width / size.height, size };
}

/** The largest frame of the given aspect (width / height) inside the source: what an aspect crop keeps. */
function cropToAspect(source: Frame, aspect: number): Frame {
  return source.width / source.height > aspect
    ? { width: Math.round(source.height * aspect), height: source.height }
    : { width: source.width, height: Math.round(source.width / aspect) };
}

/** The frame the options ask for, before the output bounds: the format's crop or size, times the upscale factor. */
function askedFrame(source: Frame, choices: readonly Choice[]): Frame {
  const framing = framingOf(choices, source);
  const upscale = upscaleOf(choices);
  const scale = upscale && !upscale.size ? upscale.scale : 1;
  const framed = framing ? (framing.size ?? cropToAspect(source, framing.aspect)) : source;
  return { width: framed.width * scale, height: framed.height * scale };
}

/**
 * The output size: the format's aspect (cropped from the source) at the format's pixel size when it
 * has one, times the upscale factor, then brought within 7680 px of long edge and 8K's pixels.
 */
export function outputFrame(source: Frame, choices: readonly Choice[]): Frame {
  const { width, height } = askedFrame(source, choices);
  const fit = outputFit({ width, height });
  return { width: Math.max(1, Math.round(width * fit)), height: Math.max(1, Math.round(height * fit)) };
}

/** What a frame is multiplied by to come within 7680 px of long edge and 8K's pixels (1 when it is). */
export function outputFit({ width, height }: Frame): number {
  return Math.min(1, MAX_OUTPUT_EDGE / Math.max(width, height), Math.sqrt(MAX_OUTPUT_PIXELS / (width * height)));
}

/** The enlargements whose name states their factor ("Agrandir ×4", "Net ×2"): they deliver it, or are refused. */
const NAMED_FACTORS: ReadonlySet<string> = new Set([
  'upscale-1-5x',
  'upscale-2x',
  'upscale-3x',
  'upscale-4x',
  'soft-2x',
  'crisp-2x',
  'soft-4x',
  'crisp-4x',
  'ultra-sharp-4x',
  'balanced-3x',
]);

const pixelsText = (value: number) => Math.round(value).toLocaleString('fr-FR');

/**
 * Refuses, in French and before any work, an enlargement named by its factor that the output
 * bounds would cut short on this picture: "×4" gives four times the sides or nothing.
 */
export function checkNamedSize(source: Frame, choices: readonly Choice[]): void {
  const upscale = upscaleOf(choices);
  if (!upscale || !NAMED_FACTORS.has(upscale.id)) return;
  const asked = askedFrame(source, choices);
  if (outputFit(asked) >= 1) return;
  throw new MediaError(
    'VALIDATION',
    `${upscale.name} donnerait une image de ${pixelsText(asked.width)} × ${pixelsText(asked.height)} px, plus grande que ce que le moteur produit (8K : ${pixelsText(MAX_OUTPUT_EDGE)} px de côté, 33 mégapixels). Choisissez un agrandissement plus petit ou une photo plus petite. Aucun crédit n'a été débité.`,
  );
}
