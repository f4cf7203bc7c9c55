/**
 * Pixels as typed arrays for the style filters: values 0–1, channels interleaved. Every loop of the
 * style engine works on these at a bounded working size (see stylise.ts), never on a 12 MP picture.
 */
export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Float32Array;
}

export function raster(
  width: number,
  height: number,
  channels: number,
  data = new Float32Array(width * height * channels),
): Raster {
  return { width, height, channels, data };
}

export function fromBytes(bytes: Uint8Array, width: number, height: number, channels: number): Raster {
  const data = new Float32Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) data[index] = (bytes[index] ?? 0) / 255;
  return raster(width, height, channels, data);
}

export function toBytes(image: Raster): Buffer {
  const bytes = Buffer.alloc(image.data.length);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = Math.round(clamp01(image.data[index] ?? 0) * 255);
  return bytes;
}

export function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

export function mix(a: number, b: number, amount: number): number {
  return a + (b - a) * amount;
}

export function smoothstep(low: number, high: number, value: number): number {
  const t = clamp01((value - low) / (high - low));
  return t * t * (3 - 2 * t);
}

/** Luma (0.299, 0.587, 0.114) of an RGB raster, one channel. */
export function luminance(image: Raster): Raster {
  const { width, height, data } = image;
  const out = new Float32Array(width * height);
  for (let pixel = 0; pixel < out.length; pixel += 1) {
    const at = pixel * 3;
    out[pixel] = 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
  }
  return raster(width, height, 1, out);
}

/**
 * A pass along rows (horizontal) or columns, seen as `lines` lines of `length` cells of `cell`
 * contiguous values: along rows a cell is a pixel's channels; along columns the whole picture is
 * one line whose cells are rows, so every inner loop walks memory in order.
 */
function passLayout({ width, height, channels }: Raster, horizontal: boolean) {
  return horizontal
    ? { lines: height, length: width, cell: channels }
    : { lines: 1, length: height, cell: width * channels };
}

// The passes below run a few times per style at its working size: their inner loops read only
// locals, in memory order, and clamp at a line's ends once per cell, not per value.

/** One box-blur pass along rows or columns, every channel, edges clamped: O(1) per pixel. */
function boxPass(source: Raster, radius: number, horizontal: boolean): Raster {
  const { data } = source;
  const { lines, length, cell } = passLayout(source, horizontal);
  const out = new Float32Array(data.length);
  const sums = new Float64Array(cell);
  const last = length - 1;
  const scale = 1 / (2 * radius + 1);
  for (let line = 0; line < lines; line += 1) {
    const base = line * length * cell;
    const cellAt = (index: number) => base + (index < 0 ? 0 : index > last ? last : index) * cell;
    sums.fill(0);
    for (let index = -radius; index <= radius; index += 1) {
      const from = cellAt(index);
      for (let value = 0; value < cell; value += 1) sums[value] = (sums[value] ?? 0) + (data[from + value] ?? 0);
    }
    for (let index = 0; index < length; index += 1) {
      const [to, entering, leaving] = [base + index * cell, cellAt(index + radius + 1), cellAt(index - radius)];
      for (let value = 0; value < cell; value += 1) {
        const sum = sums[value] ?? 0;
        out[to + value] = sum * scale;
        sums[value] = sum + (data[entering + value] ?? 0) - (data[leaving + value] ?? 0);
      }
    }
  }
  return raster(source.width, source.height, source.channels, out);
}

/** One pass of a sampled Gaussian kernel along rows or columns, edges clamped. */
function kernelPass(source: Raster, weights: Float32Array, horizontal: boolean): Raster {
  const { data } = source;
  const { lines, length, cell } = passLayout(source, horizontal);
  const out = new Float32Array(data.length);
  const radius = (weights.length - 1) / 2;
  const last = length - 1;
  for (let line = 0; line < lines; line += 1) {
    const base = line * length * cell;
    for (let index = 0; index < length; index += 1) {
      const to = base + index * cell;
      for (let tap = 0; tap < weights.length; tap += 1) {
        const weight = weights[tap] ?? 0;
        const along = index + tap - radius;
        const from = base + (along < 0 ? 0 : along > last ? last : along) * cell;
        for (let value = 0; value < cell; value += 1)
          out[to + value] = (out[to + value] ?? 0) + weight * (data[from + value] ?? 0);
      }
    }
  }
  return raster(source.width, source.height, source.channels, out);
}

/**
 * A Gaussian blur of `sigma` pixels: a sampled kernel when small (the differences of Gaussians of
 * ink lines need exact small sigmas), three box blurs (O(1) per pixel, within a few percent) when large.
 */
export function gaussian(source: Raster, sigma: number): Raster {
  if (sigma < 0.3) return source;
  if (sigma < 3) {
    const radius = Math.ceil(3 * sigma);
    const weights = Float32Array.from({ length: 2 * radius + 1 }, (_, index) =>
      Math.exp(-((index - radius) ** 2) / (2 * sigma * sigma)),
    );
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    weights.forEach((weight, index) => (weights[index] = weight / total));
    return kernelPass(kernelPass(source, weights, true), weights, false);
  }
  // Three boxes of radius r have a variance of r(r + 1).
  const radius = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  let image = source;
  for (let pass = 0; pass < 3; pass += 1) image = boxPass(boxPass(image, radius, true), radius, false);
  return image;
}

/** A stable pseudo-random value in [0, 1) for integer coordinates and a seed. */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1) with features about `scale` pixels wide. */
export function valueNoise(width: number, height: number, scale: number, seed: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const fy = y / scale;
    const y0 = Math.floor(fy);
    const ty = smoothstep(0, 1, fy - y0);
    for (let x = 0; x < width; x += 1) {
      const fx = x / scale;
      const x0 = Math.floor(fx);
      const tx = smoothstep(0, 1, fx - x0);
      const top = mix(hash2(x0, y0, seed), hash2(x0 + 1, y0, seed), tx);
      const bottom = mix(hash2(x0, y0 + 1, seed), hash2(x0 + 1, y0 + 1, seed), tx);
      out[y * width + x] = mix(top, bottom, ty);
    }
  }
  return out;
}

/** Sums of value noise at several scales (halving), normalised to [0, 1): clouds, paper, marble. */
export function turbulence(width: number, height: number, scale: number, octaves: number, seed: number): Float32Array {
  const out = new Float32Array(width * height);
  let weight = 1;
  let total = 0;
  for (let octave = 0; octave < octaves; octave += 1) {
    const layer = valueNoise(width, height, Math.max(1, scale / 2 ** octave), seed + octave * 101);
    for (let index = 0; index < out.length; index += 1) out[index] = (out[index] ?? 0) + weight * (layer[index] ?? 0);
    total += weight;
    weight /= 2;
  }
  for (let index = 0; index < out.length; index += 1) out[index] = (out[index] ?? 0) / total;
  return out;
}
