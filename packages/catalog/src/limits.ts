/**
 * The numbers both sides of the app state: the server enforces them, the screens say them (and
 * check first, to spare a refused call). One definition each, here.
 */

/** The price of one generated image (studio, single node, each workflow render), in credits. */
export const IMAGE_COST = 50;

/** Largest accepted upload, in bytes (the spec's 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Most pixels an accepted image may have (against decompression bombs): 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The refusal of an image over MAX_INPUT_PIXELS, said by the server and checked first by the screens. */
export const TOO_MANY_PIXELS_MESSAGE = `Image trop grande. Taille maximale : ${MAX_INPUT_PIXELS / 1_000_000} mégapixels.`;
