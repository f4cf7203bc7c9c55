import { DECODE_OPTIONS } from '../../../decode';
import { sharp } from '../../../sharp';
import type { StyleFamily } from './families';
import { renderStyle } from './renderers';
import { fromBytes, mix, toBytes } from './raster';

/**
 * Long edge of the picture the style filters run on: their loops are O(pixels) in JS, so a 12 MP
 * photo is styled at this size and enlarged back by sharp. Photographic looks (grain, vignette)
 * are light per pixel and keep more resolution.
 */
const WORKING_EDGE = 800;
const PHOTO_WORKING_EDGE = 1280;

/** A styled picture, upright, as raw RGB; `nearest` asks for blocky enlargement (pixel art). */
export interface StyledPicture {
  data: Buffer;
  width: number;
  height: number;
  nearest: boolean;
}

/** The working size: the picture's own when smaller; pixel art's is its grid of blocks. */
function workingEdge(style: StyleFamily, longEdge: number): number {
  if (style.family === 'pixel') return Math.max(8, Math.round(1000 / style.block));
  return Math.min(longEdge, style.family === 'photo' ? PHOTO_WORKING_EDGE : WORKING_EDGE);
}

/** The picture in the style's rendering, at `intensity` (0–1) between the photo and the full style. */
export async function stylise(image: Buffer, longEdge: number, style: StyleFamily, seed: number, intensity: number): Promise<StyledPicture> {
  const edge = workingEdge(style, longEdge);
  const { data, info } = await sharp(image, DECODE_OPTIONS)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: style.family !== 'pixel' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const original = fromBytes(data, info.width, info.height, 3);
  const unit = style.family === 'pixel' ? 1 : Math.max(info.width, info.height) / 1000;
  const styled = renderStyle(original, style, Math.max(0.25, unit), seed);
  if (intensity < 1) styled.data.forEach((value, index) => (styled.data[index] = mix(original.data[index] ?? 0, value, intensity)));
  return { data: toBytes(styled), width: info.width, height: info.height, nearest: style.family === 'pixel' };
}
