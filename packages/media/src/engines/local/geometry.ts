import { getOption, type FormatOption, type UpscaleOption } from '@atelier/catalog';
import { MAX_EDGE, MAX_OUTPUT_PIXELS } from '../../limits';
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

/** The largest frame of the given aspect inside the source: what an aspect crop keeps. */
function cropToAspect(source: Frame, aspect: Frame): Frame {
  const ratio = aspect.width / aspect.height;
  return source.width / source.height > ratio
    ? { width: Math.round(source.height * ratio), height: source.height }
    : { width: source.width, height: Math.round(source.width / ratio) };
}

/**
 * The output size: the format's aspect (cropped from the source) at the format's pixel size when it
 * has one, times the upscale factor, then brought within 4096 px of long edge and 16 MP.
 */
export function outputFrame(source: Frame, choices: readonly Choice[]): Frame {
  const format = formatOf(choices);
  const scale = upscaleOf(choices)?.scale ?? 1;
  const framed = format ? (format.size ?? cropToAspect(source, format.aspect)) : source;
  const width = framed.width * scale;
  const height = framed.height * scale;
  const fit = outputFit({ width, height });
  return { width: Math.max(1, Math.round(width * fit)), height: Math.max(1, Math.round(height * fit)) };
}

/** What a frame is multiplied by to come within 4096 px of long edge and 16 MP (1 when it is). */
export function outputFit({ width, height }: Frame): number {
  return Math.min(1, MAX_EDGE / Math.max(width, height), Math.sqrt(MAX_OUTPUT_PIXELS / (width * height)));
}
