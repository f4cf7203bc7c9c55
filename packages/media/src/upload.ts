import { DECODE_OPTIONS, decodeFailure, inspectImage } from './decode';
import { MEDIA_MESSAGES, MediaError } from './errors';
import { imageWork } from './image-pool';
import { JPEG_OUTPUT, MAX_EDGE, MAX_UPLOAD_BYTES } from './limits';
import { sharp } from './sharp';
import type { MediaStorage, StorageKind } from './storage';

export interface NormalizedImage {
  buffer: Buffer;
  width: number;
  height: number;
  mime: 'image/jpeg';
  size: number;
}

/**
 * Turns an untrusted upload into the JPEG we keep: whatever the client called it, the bytes must
 * decode as a raster image within the size and pixel limits. The result is upright (EXIF
 * orientation applied), carries no metadata (EXIF, GPS, XMP, ICC after conversion to sRGB), has a
 * long edge of at most 4096 px, and transparent areas on white.
 */
export async function normalizeUpload(input: Buffer): Promise<NormalizedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new MediaError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.fileTooLarge);
  return imageWork(() => normalizeNow(input));
}

/** normalizeUpload's JPEG at a long edge of at most `edge` pixels, in the caller's turn of image work. */
export async function normalizeNow(input: Buffer, edge = MAX_EDGE): Promise<NormalizedImage> {
  await inspectImage(input);
  try {
    const { data, info } = await sharp(input, DECODE_OPTIONS)
      .autoOrient()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg(JPEG_OUTPUT)
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: info.height, mime: 'image/jpeg', size: data.length };
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

export interface StoredUpload extends Omit<NormalizedImage, 'buffer'> {
  key: string;
}

/** Normalises then stores an upload (or a reference image); a refused file leaves nothing behind. */
export async function storeUpload(
  storage: MediaStorage,
  input: Buffer,
  kind: StorageKind = 'uploads',
): Promise<StoredUpload> {
  const { buffer, ...image } = await normalizeUpload(input);
  const key = await storage.put(kind, buffer, 'jpg');
  return { key, ...image };
}
