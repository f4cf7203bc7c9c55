import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { StyleFamily } from './families';
import type { PaintTask } from './paint';
import { upright, type WorkPicture } from '../pixels';

/**
 * Long edge of the picture the style filters run on: their loops are O(pixels) in JS, so a 12 MP
 * photo is styled at this size and enlarged back by sharp. Photographic looks (grain, vignette)
 * are light per pixel and keep more resolution.
 */
const WORKING_EDGE = 800;
const PHOTO_WORKING_EDGE = 1280;

/**
 * The style threads' script: the TypeScript source next to this file (Node strips its types), or,
 * in the server's bundle, the `style-worker.js` built beside `main.js` (apps/server/build.mjs).
 */
const WORKER_FILE = new URL(
  import.meta.url.endsWith('.ts') ? './style-worker.ts' : './style-worker.js',
  import.meta.url,
);

/** A style thread that has nothing to do for this long is stopped, and its memory returned. */
const IDLE_MS = 60_000;

/**
 * The style threads, started on the first style: a 12 MP watercolour's loops would hold the event
 * loop for most of a second. Each generation waits for its one style, so the job concurrency bounds
 * the threads in use; the cores bound them for the rest (option thumbnails). Idle threads do not
 * keep the process alive.
 */
let styleThreads: Piscina<PaintTask, Uint8Array> | undefined;

function paintOffThread(task: PaintTask): Promise<Uint8Array> {
  styleThreads ??= new Piscina({
    filename: WORKER_FILE.href,
    minThreads: 0,
    maxThreads: availableParallelism(),
    idleTimeout: IDLE_MS,
  });
  // The working-size pixels move to the thread rather than being copied.
  return styleThreads.run(task, { transferList: [task.pixels.buffer] });
}

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

/** The upload decoded upright at the style's working size, as raw RGB, and the scale of its strokes. */
export async function workingPicture(
  image: WorkPicture,
  longEdge: number,
  style: StyleFamily,
): Promise<Omit<PaintTask, 'style' | 'seed' | 'intensity'>> {
  const edge = workingEdge(style, longEdge);
  const { data, info } = await upright(image)
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: style.family !== 'pixel' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const unit = style.family === 'pixel' ? 1 : Math.max(info.width, info.height) / 1000;
  // Copied once out of sharp's buffer, whose memory belongs to sharp and cannot move between threads.
  return { pixels: new Uint8Array(data), width: info.width, height: info.height, unit: Math.max(0.25, unit) };
}

/** The picture in the style's rendering, at `intensity` (0–1) between the photo and the full style. */
export async function stylise(
  image: WorkPicture,
  longEdge: number,
  style: StyleFamily,
  seed: number,
  intensity: number,
): Promise<StyledPicture> {
  const working = await workingPicture(image, longEdge, style);
  const styled = await paintOffThread({ ...working, style, seed, intensity });
  return {
    data: Buffer.from(styled.buffer, styled.byteOffset, styled.byteLength),
    width: working.width,
    height: working.height,
    nearest: style.family === 'pixel',
  };
}
