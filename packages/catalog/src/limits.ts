/**
 * The numbers both sides of the app state: the server enforces them, the screens say them (and
 * check first, to spare a refused call). One definition each, here.
 */

/** The price of one generated image (studio, single node, each workflow render), in credits. */
export const IMAGE_COST = 50;

/** Largest accepted upload, in bytes (the spec's 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
