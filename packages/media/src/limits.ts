/** Pixel count above which a file is refused before decoding, against decompression bombs. */
export { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from '@atelier/catalog';

/** Longest edge of an uploaded image once stored. */
export const MAX_EDGE = 4096;

/** Longest edge of a generated image: 8K UHD's width, so the 8K format comes out at its size. */
export const MAX_OUTPUT_EDGE = 7680;

/** Largest generated image, in pixels: 8K UHD, 7680 × 4320 (an upscale stops here). */
export const MAX_OUTPUT_PIXELS = 7680 * 4320;

/** JPEG settings for everything we write: libjpeg-turbo without mozjpeg or Huffman optimisation, for speed. */
export const JPEG_OUTPUT = { quality: 90, mozjpeg: false, optimiseCoding: false } as const;
