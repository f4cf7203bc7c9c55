import { clamp01, gaussian, hash2, luminance, raster, type Raster } from './raster.ts';

/**
 * The classical non-photorealistic building blocks: edge-preserving smoothing (bilateral,
 * Kuwahara), colour quantisation (k-means), difference-of-Gaussians ink, SLIC-like cells and
 * line-integral strokes along the picture's own edges.
 */

/** Bilateral filter: a Gaussian that ignores neighbours of another colour, so edges stay sharp. */
export function bilateral(source: Raster, radius: number, rangeSigma: number): Raster {
  const { width, height, data } = source;
  const out = new Float32Array(data.length);
  const spatial: number[] = [];
  for (let dy = -radius; dy <= radius; dy += 1) {
    for (let dx = -radius; dx <= radius; dx += 1) spatial.push(Math.exp(-(dx * dx + dy * dy) / (radius * radius)));
  }
  // exp(-d²/2σ²) tabulated on the squared colour distance (0–3).
  const steps = 1024;
  const range = new Float32Array(steps + 1);
  for (let step = 0; step <= steps; step += 1)
    range[step] = Math.exp(-((step / steps) * 3) / (2 * rangeSigma * rangeSigma));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const r = data[at] ?? 0;
      const g = data[at + 1] ?? 0;
      const b = data[at + 2] ?? 0;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let total = 0;
      let tap = 0;
      for (let dy = -radius; dy <= radius; dy += 1) {
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        for (let dx = -radius; dx <= radius; dx += 1, tap += 1) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const other = (yy * width + xx) * 3;
          const nr = data[other] ?? 0;
          const ng = data[other + 1] ?? 0;
          const nb = data[other + 2] ?? 0;
          const distance = (nr - r) ** 2 + (ng - g) ** 2 + (nb - b) ** 2;
          const weight = (spatial[tap] ?? 0) * (range[Math.min(steps, Math.round((distance / 3) * steps))] ?? 0);
          sr += weight * nr;
          sg += weight * ng;
          sb += weight * nb;
          total += weight;
        }
      }
      out[at] = sr / total;
      out[at + 1] = sg / total;
      out[at + 2] = sb / total;
    }
  }
  return raster(width, height, 3, out);
}

/**
 * Kuwahara filter: each pixel takes the mean colour of the least varied of its four quadrants,
 * which flattens texture into painterly patches. Summed-area tables make it O(1) per pixel.
 */
export function kuwahara(source: Raster, radius: number): Raster {
  const { width, height, data } = source;
  const stride = width + 1;
  // Summed-area tables of red, green, blue and squared luma, one row and one column of zeros first.
  const [sumR, sumG, sumB, sumL2] = [0, 1, 2, 3].map(() => new Float64Array(stride * (height + 1))) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0, at = y * width * 3, cell = (y + 1) * stride + 1; x < width; x += 1, at += 3, cell += 1) {
      const r = data[at] ?? 0;
      const g = data[at + 1] ?? 0;
      const b = data[at + 2] ?? 0;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      const [left, up, upLeft] = [cell - 1, cell - stride, cell - stride - 1];
      sumR[cell] = r + (sumR[left] ?? 0) + (sumR[up] ?? 0) - (sumR[upLeft] ?? 0);
      sumG[cell] = g + (sumG[left] ?? 0) + (sumG[up] ?? 0) - (sumG[upLeft] ?? 0);
      sumB[cell] = b + (sumB[left] ?? 0) + (sumB[up] ?? 0) - (sumB[upLeft] ?? 0);
      sumL2[cell] = l * l + (sumL2[left] ?? 0) + (sumL2[up] ?? 0) - (sumL2[upLeft] ?? 0);
    }
  }
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let best = Infinity;
      const at = (y * width + x) * 3;
      for (let quadrant = 0; quadrant < 4; quadrant += 1) {
        const x0 = quadrant % 2 === 0 ? Math.max(0, x - radius) : x;
        const x1 = quadrant % 2 === 0 ? x + 1 : Math.min(width, x + radius + 1);
        const y0 = quadrant < 2 ? Math.max(0, y - radius) : y;
        const y1 = quadrant < 2 ? y + 1 : Math.min(height, y + radius + 1);
        // The quadrant's sum in a table: its four corners.
        const [a, b, c, d] = [y1 * stride + x1, y0 * stride + x1, y1 * stride + x0, y0 * stride + x0];
        const count = (x1 - x0) * (y1 - y0);
        const r = ((sumR[a] ?? 0) - (sumR[b] ?? 0) - (sumR[c] ?? 0) + (sumR[d] ?? 0)) / count;
        const g = ((sumG[a] ?? 0) - (sumG[b] ?? 0) - (sumG[c] ?? 0) + (sumG[d] ?? 0)) / count;
        const blue = ((sumB[a] ?? 0) - (sumB[b] ?? 0) - (sumB[c] ?? 0) + (sumB[d] ?? 0)) / count;
        const mean = 0.299 * r + 0.587 * g + 0.114 * blue;
        const variance = ((sumL2[a] ?? 0) - (sumL2[b] ?? 0) - (sumL2[c] ?? 0) + (sumL2[d] ?? 0)) / count - mean * mean;
        if (variance < best) {
          best = variance;
          out[at] = r;
          out[at + 1] = g;
          out[at + 2] = blue;
        }
      }
    }
  }
  return raster(width, height, 3, out);
}

/** A palette of `count` colours fitted by k-means on a sample of the pixels (deterministic). */
export function kMeansPalette(source: Raster, count: number, iterations = 8): Float32Array {
  const { data } = source;
  const pixels = data.length / 3;
  const step = Math.max(1, Math.floor(pixels / 6000));
  const sample: number[] = [];
  for (let pixel = 0; pixel < pixels; pixel += step)
    sample.push(data[pixel * 3] ?? 0, data[pixel * 3 + 1] ?? 0, data[pixel * 3 + 2] ?? 0);
  const samples = sample.length / 3;
  const palette = new Float32Array(count * 3);
  // Farthest-point start: the first sample, then each time the sample farthest from the palette.
  const nearest = new Float32Array(samples).fill(Infinity);
  let chosen = 0;
  for (let centre = 0; centre < count; centre += 1) {
    for (let channel = 0; channel < 3; channel += 1) palette[centre * 3 + channel] = sample[chosen * 3 + channel] ?? 0;
    let farthest = 0;
    for (let index = 0; index < samples; index += 1) {
      const distance = colourDistance(sample, index * 3, palette, centre * 3);
      if (distance < (nearest[index] ?? 0)) nearest[index] = distance;
      if ((nearest[index] ?? 0) > (nearest[farthest] ?? 0)) farthest = index;
    }
    chosen = farthest;
  }
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const sums = new Float64Array(count * 4);
    for (let index = 0; index < samples; index += 1) {
      const centre = nearestColour(sample, index * 3, palette, count);
      for (let channel = 0; channel < 3; channel += 1)
        sums[centre * 4 + channel] = (sums[centre * 4 + channel] ?? 0) + (sample[index * 3 + channel] ?? 0);
      sums[centre * 4 + 3] = (sums[centre * 4 + 3] ?? 0) + 1;
    }
    for (let centre = 0; centre < count; centre += 1) {
      const members = sums[centre * 4 + 3] ?? 0;
      if (members > 0)
        for (let channel = 0; channel < 3; channel += 1)
          palette[centre * 3 + channel] = (sums[centre * 4 + channel] ?? 0) / members;
    }
  }
  return palette;
}

function colourDistance(a: ArrayLike<number>, at: number, b: ArrayLike<number>, bt: number): number {
  return (
    ((a[at] ?? 0) - (b[bt] ?? 0)) ** 2 +
    ((a[at + 1] ?? 0) - (b[bt + 1] ?? 0)) ** 2 +
    ((a[at + 2] ?? 0) - (b[bt + 2] ?? 0)) ** 2
  );
}

function nearestColour(values: ArrayLike<number>, at: number, palette: Float32Array, count: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let centre = 0; centre < count; centre += 1) {
    const distance = colourDistance(values, at, palette, centre * 3);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = centre;
    }
  }
  return best;
}

/** Every pixel replaced by its nearest palette colour: flat colour areas. */
export function quantise(source: Raster, count: number): Raster {
  const palette = kMeansPalette(source, count);
  const out = new Float32Array(source.data.length);
  for (let at = 0; at < out.length; at += 3) {
    const centre = nearestColour(source.data, at, palette, count) * 3;
    out[at] = palette[centre] ?? 0;
    out[at + 1] = palette[centre + 1] ?? 0;
    out[at + 2] = palette[centre + 2] ?? 0;
  }
  return raster(source.width, source.height, 3, out);
}

/**
 * Ink lines from a difference of Gaussians (the XDoG family): 1 where the luminance is darker than
 * its surroundings by more than `threshold`, fading in over `softness`; 0 elsewhere.
 */
export function inkLines(lum: Raster, sigma: number, threshold: number, softness: number): Float32Array {
  const fine = gaussian(lum, sigma).data;
  const coarse = gaussian(lum, sigma * 1.6).data;
  const out = new Float32Array(fine.length);
  for (let index = 0; index < out.length; index += 1) {
    const difference = (coarse[index] ?? 0) - (fine[index] ?? 0);
    out[index] = clamp01((difference - threshold) / softness);
  }
  return out;
}

/**
 * SLIC-like superpixels: cells seeded on a grid `size` pixels apart that grow by colour and
 * distance (`compactness` high gives square tiles, low follows the picture's edges). Returns the
 * cell of each pixel.
 */
export function cells(
  source: Raster,
  size: number,
  compactness: number,
  jitter: number,
  seed: number,
  iterations = 4,
): Int32Array {
  const { width, height, data } = source;
  const columns = Math.max(1, Math.round(width / size));
  const rows = Math.max(1, Math.round(height / size));
  const centres: number[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const x = Math.min(
        width - 1,
        Math.floor((column + 0.5 + jitter * (hash2(column, row, seed) - 0.5)) * (width / columns)),
      );
      const y = Math.min(
        height - 1,
        Math.floor((row + 0.5 + jitter * (hash2(column, row, seed + 7) - 0.5)) * (height / rows)),
      );
      const at = (y * width + x) * 3;
      centres.push(x, y, data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0);
    }
  }
  const count = centres.length / 5;
  const labels = new Int32Array(width * height);
  const best = new Float32Array(width * height);
  const spatialWeight = (compactness / size) ** 2;
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    best.fill(Infinity);
    for (let centre = 0; centre < count; centre += 1) {
      const [cx = 0, cy = 0, cr = 0, cg = 0, cb = 0] = centres.slice(centre * 5, centre * 5 + 5);
      for (let y = Math.max(0, Math.floor(cy - size)); y < Math.min(height, Math.ceil(cy + size)); y += 1) {
        for (let x = Math.max(0, Math.floor(cx - size)); x < Math.min(width, Math.ceil(cx + size)); x += 1) {
          const pixel = y * width + x;
          const at = pixel * 3;
          const distance =
            ((data[at] ?? 0) - cr) ** 2 +
            ((data[at + 1] ?? 0) - cg) ** 2 +
            ((data[at + 2] ?? 0) - cb) ** 2 +
            spatialWeight * ((x - cx) ** 2 + (y - cy) ** 2);
          if (distance < (best[pixel] ?? 0)) {
            best[pixel] = distance;
            labels[pixel] = centre;
          }
        }
      }
    }
    const sums = new Float64Array(count * 6);
    for (let pixel = 0; pixel < labels.length; pixel += 1) {
      const base = (labels[pixel] ?? 0) * 6;
      const values = [
        pixel % width,
        Math.floor(pixel / width),
        data[pixel * 3] ?? 0,
        data[pixel * 3 + 1] ?? 0,
        data[pixel * 3 + 2] ?? 0,
        1,
      ];
      for (let index = 0; index < 6; index += 1) sums[base + index] = (sums[base + index] ?? 0) + (values[index] ?? 0);
    }
    for (let centre = 0; centre < count; centre += 1) {
      const members = sums[centre * 6 + 5] ?? 0;
      if (members > 0)
        for (let index = 0; index < 5; index += 1)
          centres[centre * 5 + index] = (sums[centre * 6 + index] ?? 0) / members;
    }
  }
  return labels;
}

/** The mean colour of every cell, painted over it. */
export function fillCells(source: Raster, labels: Int32Array): Raster {
  const count = labels.reduce((max, label) => Math.max(max, label), 0) + 1;
  const sums = new Float64Array(count * 4);
  for (let pixel = 0; pixel < labels.length; pixel += 1) {
    const base = (labels[pixel] ?? 0) * 4;
    for (let channel = 0; channel < 3; channel += 1)
      sums[base + channel] = (sums[base + channel] ?? 0) + (source.data[pixel * 3 + channel] ?? 0);
    sums[base + 3] = (sums[base + 3] ?? 0) + 1;
  }
  const out = new Float32Array(source.data.length);
  for (let pixel = 0; pixel < labels.length; pixel += 1) {
    const base = (labels[pixel] ?? 0) * 4;
    const members = Math.max(1, sums[base + 3] ?? 1);
    for (let channel = 0; channel < 3; channel += 1) out[pixel * 3 + channel] = (sums[base + channel] ?? 0) / members;
  }
  return raster(source.width, source.height, 3, out);
}

/** 1 on the pixels where two cells meet, widened to about `thickness` pixels (at least one). */
export function cellBorders(labels: Int32Array, width: number, height: number, thickness: number): Float32Array {
  const border = new Uint8Array(labels.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      const label = labels[pixel];
      if ((x + 1 < width && labels[pixel + 1] !== label) || (y + 1 < height && labels[pixel + width] !== label))
        border[pixel] = 1;
    }
  }
  const reach = Math.max(0, Math.round((thickness - 1) / 2));
  const out = new Float32Array(labels.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let found = 0;
      for (let dy = -reach; dy <= reach && found === 0; dy += 1) {
        for (let dx = -reach; dx <= reach; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width && border[yy * width + xx] === 1) {
            found = 1;
            break;
          }
        }
      }
      out[y * width + x] = found;
    }
  }
  return out;
}

/** The direction along the edges at each pixel (radians), from the smoothed structure tensor. */
export function edgeDirections(lum: Raster, smoothing: number): Float32Array {
  const { width, height, data } = lum;
  const tensor = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    // The rows above and below, and the columns either side, clamped at the picture's edges.
    const [above, row, below] = [Math.max(0, y - 1) * width, y * width, Math.min(height - 1, y + 1) * width];
    for (let x = 0; x < width; x += 1) {
      const [left, right] = [Math.max(0, x - 1), Math.min(width - 1, x + 1)];
      const [topLeft, top, topRight] = [data[above + left] ?? 0, data[above + x] ?? 0, data[above + right] ?? 0];
      const [midLeft, midRight] = [data[row + left] ?? 0, data[row + right] ?? 0];
      const [bottomLeft, bottom, bottomRight] = [
        data[below + left] ?? 0,
        data[below + x] ?? 0,
        data[below + right] ?? 0,
      ];
      // Sobel's gradients across and down.
      const gx = topRight + 2 * midRight + bottomRight - topLeft - 2 * midLeft - bottomLeft;
      const gy = bottomLeft + 2 * bottom + bottomRight - topLeft - 2 * top - topRight;
      const base = (row + x) * 3;
      tensor[base] = gx * gx;
      tensor[base + 1] = gx * gy;
      tensor[base + 2] = gy * gy;
    }
  }
  const smooth = gaussian(raster(width, height, 3, tensor), smoothing).data;
  const out = new Float32Array(width * height);
  for (let pixel = 0; pixel < out.length; pixel += 1) {
    const xx = smooth[pixel * 3] ?? 0;
    const xy = smooth[pixel * 3 + 1] ?? 0;
    const yy = smooth[pixel * 3 + 2] ?? 0;
    // The gradient's direction, turned a quarter: strokes follow the edges, not cross them.
    out[pixel] = 0.5 * Math.atan2(2 * xy, xx - yy) + Math.PI / 2;
  }
  return out;
}

/**
 * Line integral convolution: each pixel averages `source` along its direction, `length` pixels
 * each way, which draws brush strokes following the picture's edges.
 */
export function alongStrokes(source: Raster, directions: Float32Array, length: number): Raster {
  const { width, height, channels, data } = source;
  const out = new Float32Array(data.length);
  const sums = new Float32Array(channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      const angle = directions[pixel] ?? 0;
      const dx = Math.cos(angle);
      const dy = Math.sin(angle);
      sums.fill(0);
      for (let step = -length; step <= length; step += 1) {
        const xx = Math.min(width - 1, Math.max(0, Math.round(x + dx * step)));
        const yy = Math.min(height - 1, Math.max(0, Math.round(y + dy * step)));
        const other = (yy * width + xx) * channels;
        for (let channel = 0; channel < channels; channel += 1)
          sums[channel] = (sums[channel] ?? 0) + (data[other + channel] ?? 0);
      }
      for (let channel = 0; channel < channels; channel += 1)
        out[pixel * channels + channel] = (sums[channel] ?? 0) / (2 * length + 1);
    }
  }
  return raster(width, height, channels, out);
}

/** Saturation scaled around each pixel's own luminance (1 = unchanged). */
export function saturate(source: Raster, amount: number): Raster {
  const lum = luminance(source).data;
  const out = new Float32Array(source.data.length);
  for (let pixel = 0; pixel < lum.length; pixel += 1) {
    const grey = lum[pixel] ?? 0;
    for (let channel = 0; channel < 3; channel += 1)
      out[pixel * 3 + channel] = clamp01(grey + amount * ((source.data[pixel * 3 + channel] ?? 0) - grey));
  }
  return raster(source.width, source.height, 3, out);
}
