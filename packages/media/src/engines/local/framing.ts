import { decodeFailure } from '../../decode';
import type { Box, Face } from '../../models';
import { sharp } from '../../sharp';
import type { Frame } from './geometry';
import { pixelsOf, rawPicture, rawPipeline, uprightPixels, type WorkPicture } from './pixels';

/** A face box (brow to chin) grown to the whole head: hair above, ears at the sides, the chin's shadow below. */
const HEAD_GROWTH = { top: 0.6, sides: 0.3, bottom: 0.15 } as const;
/** Room kept around the heads, as a share of the window: a head touching the edge looks cut. */
const MARGIN = 0.06;
/** The fill where a window reaches past the picture: the picture mirrored past its edges, blurred (sigma per 1000 px) and dimmed. */
const FILL_BLUR = 40;
const FILL_DIM = 0.8;
/** The fill is blurred at this long edge and enlarged: its blur leaves no detail to lose, and a sigma of hundreds of pixels at full size takes seconds. */
const FILL_WORK_EDGE = 400;

export function headOf({ box }: Face): Box {
  return {
    left: box.left - box.width * HEAD_GROWTH.sides,
    top: box.top - box.height * HEAD_GROWTH.top,
    width: box.width * (1 + 2 * HEAD_GROWTH.sides),
    height: box.height * (1 + HEAD_GROWTH.top + HEAD_GROWTH.bottom),
  };
}

function union(boxes: readonly Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Where a window of `size` starts along one axis: from `centred`, moved as little as possible to
 * hold [low, high] (what of it lies in the picture, [min, max]), and within the picture when it fits.
 */
function place(centred: number, size: number, low: number, high: number, min: number, max: number): number {
  let start = Math.min(Math.max(centred, Math.min(high, max) - size), Math.max(low, min));
  if (size <= max - min) start = Math.min(Math.max(start, min), max - size);
  return start;
}

/**
 * The window of the given aspect (width / height) that a format keeps: the largest inside the
 * picture, centred as an aspect crop is, moved so that every head is inside with a margin. When
 * the heads cannot fit in it, the window grows past the picture's edges (see `frameWindow`).
 */
export function formatWindow(picture: Frame, aspect: number, faces: readonly Face[]): Box {
  const inside =
    picture.width / picture.height > aspect
      ? { width: picture.height * aspect, height: picture.height }
      : { width: picture.width, height: picture.width / aspect };
  if (faces.length === 0)
    return { left: (picture.width - inside.width) / 2, top: (picture.height - inside.height) / 2, ...inside };
  // Of a head that the photograph itself cuts, what it shows.
  const grown = union(faces.map(headOf));
  const heads = union([
    { left: Math.max(0, grown.left), top: Math.max(0, grown.top), width: 0, height: 0 },
    {
      left: Math.min(picture.width, grown.left + grown.width),
      top: Math.min(picture.height, grown.top + grown.height),
      width: 0,
      height: 0,
    },
  ]);
  const needed = { width: heads.width / (1 - 2 * MARGIN), height: heads.height / (1 - 2 * MARGIN) };
  const grow = Math.max(1, needed.width / inside.width, needed.height / inside.height);
  const size = { width: inside.width * grow, height: inside.height * grow };
  const room = { x: (size.width - heads.width) / 2, y: (size.height - heads.height) / 2 };
  const margin = { x: Math.min(room.x, size.width * MARGIN), y: Math.min(room.y, size.height * MARGIN) };
  return {
    left: place(
      (picture.width - size.width) / 2,
      size.width,
      heads.left - margin.x,
      heads.left + heads.width + margin.x,
      0,
      picture.width,
    ),
    top: place(
      (picture.height - size.height) / 2,
      size.height,
      heads.top - margin.y,
      heads.top + heads.height + margin.y,
      0,
      picture.height,
    ),
    ...size,
  };
}

/**
 * The picture cut to the window; where the window reaches past the picture, the picture is
 * extended with a blurred, dimmed mirror of itself rather than a face being cut.
 */
export async function frameWindow(image: WorkPicture, picture: Frame, window: Box): Promise<WorkPicture> {
  const rounded = {
    left: Math.round(window.left),
    top: Math.round(window.top),
    width: Math.max(1, Math.round(window.width)),
    height: Math.max(1, Math.round(window.height)),
  };
  const within = { left: Math.max(0, rounded.left), top: Math.max(0, rounded.top) };
  const right = Math.min(picture.width, rounded.left + rounded.width);
  const bottom = Math.min(picture.height, rounded.top + rounded.height);
  const part = { ...within, width: right - within.left, height: bottom - within.top };
  try {
    const upright = await uprightPixels(image);
    const open = () => rawPipeline(upright);
    const kept = await open().extract(part).raw().toBuffer();
    const complete = part.width === rounded.width && part.height === rounded.height;
    if (complete) return rawPicture(kept, part.width, part.height);
    // The picture mirrored past its edges (drawn small), so the scene seems to go on around it.
    const scale = Math.min(1, FILL_WORK_EDGE / Math.max(rounded.width, rounded.height));
    const at = (value: number) => Math.max(0, Math.round(value * scale));
    const shrunk = { width: Math.max(1, at(picture.width)), height: Math.max(1, at(picture.height)) };
    const pads = {
      left: at(-rounded.left),
      top: at(-rounded.top),
      right: at(rounded.left + rounded.width - picture.width),
      bottom: at(rounded.top + rounded.height - picture.height),
    };
    const mirrored = await open()
      .resize(shrunk.width, shrunk.height, { fit: 'fill' })
      .extend({ ...pads, extendWith: 'mirror' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const small = {
      left: Math.max(0, at(rounded.left) + pads.left),
      top: Math.max(0, at(rounded.top) + pads.top),
      width: Math.max(1, Math.min(mirrored.info.width, at(rounded.width))),
      height: Math.max(1, Math.min(mirrored.info.height, at(rounded.height))),
    };
    small.left = Math.min(small.left, mirrored.info.width - small.width);
    small.top = Math.min(small.top, mirrored.info.height - small.height);
    const sigma = (FILL_BLUR * Math.max(small.width, small.height)) / 1000;
    const fill = await sharp(mirrored.data, { raw: mirrored.info })
      .extract(small)
      .blur(sigma)
      .linear(FILL_DIM, 0)
      .raw()
      .toBuffer();
    return await pixelsOf(
      sharp(fill, { raw: { width: small.width, height: small.height, channels: 3 } })
        .resize(rounded.width, rounded.height, { fit: 'fill' })
        .composite([
          { input: kept, raw: { ...part, channels: 3 }, left: part.left - rounded.left, top: part.top - rounded.top },
        ]),
    );
  } catch (cause) {
    throw decodeFailure(cause);
  }
}
