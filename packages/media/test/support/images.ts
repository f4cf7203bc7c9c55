import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { isRaw, rawPipeline, type WorkPicture } from '../../src/engines/local/pixels';

/** A render step's picture as a lossless file, for what reads files. */
export function fileOf(picture: WorkPicture): Promise<Buffer> {
  return isRaw(picture) ? rawPipeline(picture).png({ compressionLevel: 1 }).toBuffer() : Promise.resolve(picture);
}

/** A photo-like JPEG: gradients, a disc and a band, plus light noise, so pixel statistics mean something. */
export async function photo(width: number, height: number, quality = 90): Promise<Buffer> {
  const art = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="none">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f8c471"/></linearGradient></defs>' +
      '<rect width="400" height="300" fill="url(#g)"/><circle cx="200" cy="130" r="70" fill="#e07a5f"/><rect y="220" width="400" height="80" fill="#2e7d32"/></svg>',
  );
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  return sharp(art)
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality })
    .toBuffer();
}

/** Raw RGB pixels, for comparing images. */
export async function pixels(image: Buffer, size = 64): Promise<Buffer> {
  return sharp(image).resize(size, size, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
}

/** Mean absolute difference per channel value (0–255) between two images scaled to the same small size. */
export async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += Math.abs((left[index] ?? 0) - (right[index] ?? 0));
  return sum / left.length;
}

/** The colour at (x, y), after decoding. */
export async function colourAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

/**
 * A JPEG stored sideways (60 × 40, EXIF orientation 6: display it turned 90° clockwise) with a
 * blue band on its stored left, which belongs at the top once upright; GPS position and camera tags.
 */
export async function sidewaysPhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: 20, height: 40, channels: 3, background: '#0000ff' } }, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Copyright: 'Atelier test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether EXIF data holds a GPS directory (tag 0x8825, either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A decompression bomb: a PNG of a few hundred bytes whose header declares `side` × `side` pixels. */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = deflateSync(Buffer.alloc(1 + side * 3 * 4)); // a few zero rows: it would all decompress to black
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
