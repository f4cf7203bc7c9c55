/**
 * The numbers both sides of the app state: the server enforces them, the screens say them (and
 * check first, to spare a refused call). One definition each, here.
 */

/** The price of one generated image (studio, single node, each workflow render), in credits. */
export const IMAGE_COST = 50;

/** Largest accepted upload, in bytes (the spec's 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Most procedure calls in one batched tRPC request: the web app's batches stay within it. */
export const MAX_BATCH_CALLS = 10;

/** What one account may keep by default (the server's configuration may change it). */
export const STORAGE_QUOTAS = {
  /** Pictures: uploads, references and composites. */
  uploads: { count: 2000, bytes: 2 * 1024 ** 3 },
  /** Saved workflows, as stored JSON. */
  workflows: { count: 100, bytes: 50 * 1024 ** 2 },
} as const;

export interface StorageQuota {
  count: number;
  bytes: number;
}

/** Most pixels an accepted image may have (against decompression bombs): 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The refusal of an image over MAX_INPUT_PIXELS, said by the server and checked first by the screens. */
export const TOO_MANY_PIXELS_MESSAGE = `Image trop grande. Taille maximale : ${MAX_INPUT_PIXELS / 1_000_000} mégapixels.`;

/**
 * The widths a stored picture's preview comes in (`/api/media/<key>?w=…`): grids show these
 * instead of the full file, the browser picking one by the card's size and the screen's density.
 */
export const PREVIEW_WIDTHS = [320, 640] as const;

export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
