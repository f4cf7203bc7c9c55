import { sharp } from '../sharp';
import type { Letterbox, RgbImage } from './geometry';

/** The picture scaled to fit a `size` square, padded with black at the right or bottom. */
export async function letterboxed(image: RgbImage, box: Letterbox): Promise<Uint8Array> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(box.size, box.size, { fit: 'contain', position: 'left top', background: '#000000', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

/** A square region of the picture (it may reach past the edges, which read as black) at `size` × `size`. */
export async function squareCrop(
  image: RgbImage,
  region: { left: number; top: number; side: number },
  size: number,
): Promise<Uint8Array> {
  const left = Math.round(region.left);
  const top = Math.round(region.top);
  const side = Math.max(1, Math.round(region.side));
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + side - image.width),
    bottom: Math.max(0, top + side - image.height),
  };
  // sharp extracts before it extends within one pipeline: the padding is a pass of its own.
  const padded = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extend({ ...pad, background: '#000000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data } = await sharp(padded.data, { raw: padded.info })
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .resize(size, size, { kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}
