import type { RgbImage } from './geometry';
import type { ModelRuntime } from './runtime';

/**
 * ESRGAN "slim" (UpscalerJS, MIT; a residual dense network trained on DIV2K), one Keras model per
 * factor. Slim rather than medium or thick: it already takes 11–15 s of CPU per megapixel, and the
 * larger ones cost several times that for a little more detail.
 */
export const SUPER_RESOLUTION_MODELS = {
  2: '@upscalerjs/esrgan-slim/models/x2/model.json',
  3: '@upscalerjs/esrgan-slim/models/x3/model.json',
  4: '@upscalerjs/esrgan-slim/models/x4/model.json',
} as const;

export type SuperResolutionFactor = keyof typeof SUPER_RESOLUTION_MODELS;

/**
 * The picture is enlarged in tiles of at most this many pixels of side (one model run each). With
 * their margins, 256 px tiles run 1.2 times their pixels where 128 px tiles ran 1.4 times: measured,
 * 11–15 s of CPU a source megapixel (×2 to ×4) against 13.5–18 s (`npm run bench -- models`).
 * Larger tiles gain little more, hold more memory (a thread's peak grew by 190 MB from 128 to 256 px)
 * and make the progress coarser.
 */
export const TILE_SIDE = 256;
/**
 * Each tile is run with this much of its surroundings, then only its centre is kept: the network
 * sees about 10 pixels around each pixel (its stack of 3 × 3 convolutions), so a margin past that
 * gives the same pixels as a run on the whole picture, and no seam.
 */
const TILE_MARGIN = 12;

export interface SuperResolutionOptions {
  signal?: AbortSignal;
  /** Told after each tile: how many are done, out of how many. */
  onTile?: (done: number, total: number) => void;
  /** The tiles' side (TILE_SIDE by default): larger than the picture means one run. */
  tileSide?: number;
}

interface Tile {
  /** The pixels kept, in the input's pixels. */
  core: { left: number; top: number; width: number; height: number };
  /** The pixels run: the core and its margin, within the picture. */
  region: { left: number; top: number; width: number; height: number };
}

function tilesOf(width: number, height: number, side: number): Tile[] {
  const tiles: Tile[] = [];
  for (let top = 0; top < height; top += side) {
    for (let left = 0; left < width; left += side) {
      const core = { left, top, width: Math.min(side, width - left), height: Math.min(side, height - top) };
      const regionLeft = Math.max(0, left - TILE_MARGIN);
      const regionTop = Math.max(0, top - TILE_MARGIN);
      const region = {
        left: regionLeft,
        top: regionTop,
        width: Math.min(width, left + core.width + TILE_MARGIN) - regionLeft,
        height: Math.min(height, top + core.height + TILE_MARGIN) - regionTop,
      };
      tiles.push({ core, region });
    }
  }
  return tiles;
}

function cut(image: RgbImage, { left, top, width, height }: Tile['region']): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row += 1) {
    const start = ((top + row) * image.width + left) * 3;
    pixels.set(image.data.subarray(start, start + width * 3), row * width * 3);
  }
  return pixels;
}

export interface SuperResolved extends RgbImage {
  /** The model threads' CPU time, all tiles summed: the cost on an idle machine, whatever the load. */
  cpuMs: number;
}

/**
 * The picture enlarged `factor` times by ESRGAN in the runtime's threads: as many tiles at once as
 * the runtime has threads, so one large picture uses them all (the threads take other jobs' runs in
 * turn). No tile is started once the signal is aborted, and the runs under way are stopped with it.
 * Only copying rows happens here.
 */
export async function superResolve(
  runtime: ModelRuntime,
  image: RgbImage,
  factor: SuperResolutionFactor,
  options: SuperResolutionOptions = {},
): Promise<SuperResolved> {
  const output = { width: image.width * factor, height: image.height * factor };
  const data = new Uint8Array(output.width * output.height * 3);
  const tiles = tilesOf(image.width, image.height, options.tileSide ?? TILE_SIDE);
  let [started, done, cpuMs, failed] = [0, 0, 0, false];
  const enlargeTiles = async () => {
    try {
      while (!failed && started < tiles.length) {
        options.signal?.throwIfAborted();
        const { core, region } = tiles[started] as Tile;
        started += 1;
        const result = await runtime.run(
          {
            model: SUPER_RESOLUTION_MODELS[factor],
            inputs: {
              LR: { pixels: { data: cut(image, region), shape: [1, region.height, region.width, 3], scale: 1 } },
            },
            outputs: ['SR'],
            bytes: ['SR'],
            range: 255,
          },
          options.signal,
        );
        const enlarged = result.outputs.SR?.data;
        if (!(enlarged instanceof Uint8Array)) throw new Error('The super-resolution model returned no picture.');
        const tileWidth = region.width * factor;
        const rowBytes = core.width * factor * 3;
        const offsetX = (core.left - region.left) * factor;
        const offsetY = (core.top - region.top) * factor;
        for (let row = 0; row < core.height * factor; row += 1) {
          const from = ((offsetY + row) * tileWidth + offsetX) * 3;
          data.set(
            enlarged.subarray(from, from + rowBytes),
            ((core.top * factor + row) * output.width + core.left * factor) * 3,
          );
        }
        cpuMs += result.cpuMs;
        done += 1;
        options.onTile?.(done, tiles.length);
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(runtime.parallelism, tiles.length) }, enlargeTiles));
  return { data, ...output, cpuMs };
}
