/** Pixel count above which a file is refused before decoding, against decompression bombs. */
export { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from '@atelier/catalog';

/** Longest edge of any stored or generated image. */
export const MAX_EDGE = 4096;

/** Largest generated image, in pixels (an upscale stops here). */
export const MAX_OUTPUT_PIXELS = 16_000_000;

/** JPEG settings for everything we write: libjpeg-turbo without mozjpeg or Huffman optimisation, for speed. */
export const JPEG_OUTPUT = { quality: 90, mozjpeg: false, optimiseCoding: false } as const;
