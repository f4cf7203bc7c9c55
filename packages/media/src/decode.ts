import { MEDIA_MESSAGES, MediaError } from './errors';
import { MAX_INPUT_PIXELS } from './limits';
import { sharp, type SharpOptions } from './sharp';

/**
 * How every image we did not make ourselves is opened: bounded in pixels (libvips refuses larger
 * ones before allocating), refused when the data stops early, read front to back.
 */
export const DECODE_OPTIONS = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'truncated',
  sequentialRead: true,
} as const satisfies SharpOptions;

/** The raster formats we accept, named as sharp reports them (AVIF/HEIF arrive as "heif"). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * Whether the bytes start like one of the accepted raster formats. Checked before any decoder sees
 * the data, so SVG, PDF, HTML or scripts never reach librsvg or another parser.
 */
export function looksLikeRasterImage(bytes: Buffer): boolean {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length < 12) return false;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return true;
  return ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12));
}

export interface ImageHeader {
  /** Size once upright (EXIF orientations 5–8 swap width and height). */
  width: number;
  height: number;
  format: string;
  /** Bands: 1 or 2 for grey images, 3 or 4 for colour ones. */
  channels: number;
}

/**
 * Reads the header of an untrusted image and refuses anything that is not an accepted raster
 * format or declares more pixels than we decode. Nothing is decoded yet, so a bomb costs nothing.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageHeader> {
  if (!looksLikeRasterImage(bytes)) throw new MediaError('UNSUPPORTED_MEDIA', MEDIA_MESSAGES.unsupported);
  const metadata = await sharp(bytes, DECODE_OPTIONS)
    .metadata()
    .catch((cause: unknown) => {
      throw decodeFailure(cause);
    });
  const { format, width, height, orientation = 1, channels = 3 } = metadata;
  if (!ACCEPTED_FORMATS.has(format) || !width || !height) {
    throw new MediaError('UNSUPPORTED_MEDIA', MEDIA_MESSAGES.unsupported);
  }
  if (width * height > MAX_INPUT_PIXELS) throw new MediaError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooManyPixels);
  const swapped = orientation >= 5;
  return { width: swapped ? height : width, height: swapped ? width : height, format, channels };
}

/** Maps a libvips failure on untrusted data to what the user is told. */
export function decodeFailure(cause: unknown): MediaError {
  const text = cause instanceof Error ? cause.message : String(cause);
  if (/pixel limit/i.test(text)) return new MediaError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooManyPixels, { cause });
  if (/unsupported image format/i.test(text))
    return new MediaError('UNSUPPORTED_MEDIA', MEDIA_MESSAGES.unsupported, { cause });
  return new MediaError('VALIDATION', MEDIA_MESSAGES.unreadable, { cause });
}
