import type {
  CellStyle,
  DotStyle,
  EngravingStyle,
  OilStyle,
  PhotoStyle,
  ReliefStyle,
  SketchStyle,
  StyleFamily,
  ToonStyle,
  WatercolourStyle,
} from './families.ts';
import {
  alongStrokes,
  bilateral,
  cellBorders,
  cells,
  edgeDirections,
  fillCells,
  inkLines,
  kuwahara,
  quantise,
  saturate,
} from './filters.ts';
import { clamp01, gaussian, hash2, luminance, mix, raster, smoothstep, turbulence, type Raster } from './raster.ts';

/**
 * One renderer per style family, on a picture at working size. `unit` is the number of working
 * pixels per 1000 px of long edge, so a style looks the same on a thumbnail and on a big photo.
 */
type Renderer<S> = (image: Raster, style: S, unit: number, seed: number) => Raster;

/** Multiplies every channel by a per-pixel factor. */
function shade(image: Raster, factor: (pixel: number) => number): Raster {
  const out = new Float32Array(image.data.length);
  for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
    const f = factor(pixel);
    for (let channel = 0; channel < 3; channel += 1)
      out[pixel * 3 + channel] = clamp01((image.data[pixel * 3 + channel] ?? 0) * f);
  }
  return raster(image.width, image.height, 3, out);
}

function greyscale(image: Raster): Raster {
  return saturate(image, 0);
}

/** Halftone dots on a 45° grid: 1 inside a dot, whose radius grows with the darkness. */
function halftoneDot(x: number, y: number, darkness: number, period: number): number {
  const u = (x + y) / Math.SQRT2 / period;
  const v = (x - y) / Math.SQRT2 / period;
  const distance = Math.hypot(u - Math.round(u), v - Math.round(v));
  return smoothstep(-0.06, 0.06, Math.sqrt(darkness) * 0.55 - distance);
}

/** Cartoon, anime, comics, posters: bilateral smoothing, k-means flat colours, DoG ink, halftone. */
const toon: Renderer<ToonStyle> = (image, style, unit) => {
  let smooth = image;
  for (let pass = 0; pass < style.smoothing; pass += 1)
    smooth = bilateral(smooth, Math.max(1, Math.round(1.5 * unit)), 0.12);
  const coloured = style.mono ? greyscale(smooth) : saturate(smooth, style.saturation);
  const flat = quantise(coloured, style.colours);
  const ink = style.ink > 0 ? inkLines(luminance(smooth), Math.max(1, style.inkWidth * unit), 0.004, 0.012) : undefined;
  const period = 4.5 * unit;
  return shade(flat, (pixel) => {
    const x = pixel % image.width;
    const y = Math.floor(pixel / image.width);
    const lum =
      0.299 * (flat.data[pixel * 3] ?? 0) +
      0.587 * (flat.data[pixel * 3 + 1] ?? 0) +
      0.114 * (flat.data[pixel * 3 + 2] ?? 0);
    const darkness = smoothstep(0.75, 0.15, lum);
    const dots = style.halftone > 0 ? 1 - style.halftone * 0.45 * halftoneDot(x, y, darkness, period) : 1;
    return dots * (1 - style.ink * (ink?.[pixel] ?? 0));
  });
};

/**
 * Watercolour (after Bousseau et al.): flat washes that bleed into each other under a noise mask,
 * pigment density varied by turbulence and pooled at the washes' edges, on grainy paper.
 */
const watercolour: Renderer<WatercolourStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const base = style.mono ? greyscale(image) : saturate(image, 1.1);
  const washes = quantise(kuwahara(base, Math.max(1, Math.round(3 * unit))), style.colours);
  const bled = gaussian(washes, 3 * unit * style.bleed + 0.6);
  const wetness = turbulence(width, height, 60 * unit, 3, seed);
  const pigment = turbulence(width, height, 18 * unit, 4, seed + 1);
  const grain = turbulence(width, height, 2.5 * unit, 2, seed + 2);
  const washLum = luminance(washes).data;
  const edgeLum = luminance(gaussian(washes, 2.5 * unit)).data;
  const out = new Float32Array(image.data.length);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const wet = smoothstep(0.35, 0.65, wetness[pixel] ?? 0);
    const edge = Math.min(1, Math.abs((washLum[pixel] ?? 0) - (edgeLum[pixel] ?? 0)) * 8);
    const density =
      1 +
      0.45 * ((pigment[pixel] ?? 0.5) - 0.5) +
      0.35 * style.paper * ((grain[pixel] ?? 0.5) - 0.5) +
      0.6 * style.edgeDarkening * edge;
    for (let channel = 0; channel < 3; channel += 1) {
      const at = pixel * 3 + channel;
      // Transparent paint lets the white paper through; density darkens as C − (C − C²)(d − 1).
      const paint = mix(1, mix(washes.data[at] ?? 0, bled.data[at] ?? 0, wet), mix(0.8, 1, style.opacity));
      out[at] = clamp01(paint - (paint - paint * paint) * (density - 1));
    }
  }
  return raster(width, height, 3, out);
};

/** Oil: Kuwahara patches smeared along the picture's edges, with a stroke texture lit as impasto. */
const oil: Renderer<OilStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const patches = saturate(kuwahara(image, Math.max(2, Math.round(style.brush * unit))), style.saturation);
  const directions = edgeDirections(luminance(patches), 4 * unit);
  const length = Math.max(2, Math.round(style.strokeLength * unit));
  const painted = alongStrokes(patches, directions, Math.ceil(length / 2));
  const bristles = new Float32Array(width * height);
  for (let pixel = 0; pixel < bristles.length; pixel += 1)
    bristles[pixel] = hash2(pixel % width, Math.floor(pixel / width), seed);
  const strokes = alongStrokes(raster(width, height, 1, bristles), directions, length).data;
  return shade(painted, (pixel) => {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const at = (dx: number, dy: number) =>
      strokes[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))] ?? 0.5;
    const relief = (at(-1, -1) - at(1, 1)) * 2;
    return 1 + style.impasto * (0.25 * ((strokes[pixel] ?? 0.5) - 0.5) + relief * 0.5);
  });
};

const BLUEPRINT = [0.05, 0.2, 0.45];

/** Pencil, pen and blueprint: colour dodge of the blurred inverse, hatching in the shadows, paper grain. */
const sketch: Renderer<SketchStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const lum = luminance(gaussian(image, 0.6 * unit)).data;
  const inverse = raster(
    width,
    height,
    1,
    lum.map((value) => 1 - value),
  );
  const blurred = gaussian(inverse, style.line * unit).data;
  const grain = turbulence(width, height, 1.5 * unit, 2, seed);
  const period = 5 * unit;
  const line = (offset: number) => Math.abs(((((offset / period) % 1) + 1) % 1) - 0.5) * 2;
  const out = new Float32Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const value = lum[pixel] ?? 0;
    const dodge = Math.min(1, value / Math.max(0.02, 1 - (blurred[pixel] ?? 0)));
    const first = smoothstep(0.35, 0.1, line(x + y)) * smoothstep(0.75, 0.45, value);
    const second = smoothstep(0.35, 0.1, line(x - y)) * smoothstep(0.45, 0.2, value);
    const hatching = 1 - style.hatching * 0.45 * Math.max(first, second);
    const paper = 0.92 + 0.08 * (grain[pixel] ?? 0.5);
    let tone = dodge ** 1.4 * hatching;
    // Pen and blueprint lines are drawn or not: no grey pencil tones.
    if (style.medium === 'ink' || style.medium === 'blueprint') tone = smoothstep(0.55, 0.8, tone);
    for (let channel = 0; channel < 3; channel += 1) {
      const value = tone * paper * ([1, 0.985, 0.95][channel] ?? 1);
      out[pixel * 3 + channel] =
        style.medium === 'blueprint' ? mix(BLUEPRINT[channel] ?? 0, 0.95, 1 - value) : clamp01(value);
    }
  }
  return raster(width, height, 3, out);
};

/** Engraving and linocut: parallel lines whose thickness follows the darkness, displaced by the tones. */
const engraving: Renderer<EngravingStyle> = (image, style, unit) => {
  const { width, height } = image;
  const smooth = bilateral(image, Math.max(1, Math.round(unit)), 0.12);
  const lum = luminance(gaussian(smooth, 0.8 * unit)).data;
  const ink = style.bold ? inkLines(luminance(smooth), Math.max(1, 1.5 * unit), 0.004, 0.012) : undefined;
  const period = style.spacing * unit;
  const angle = (style.angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const paper = style.bold ? [0.93, 0.9, 0.84] : [0.96, 0.94, 0.9];
  const out = new Float32Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const value = style.bold ? Math.round((lum[pixel] ?? 0) * 3) / 3 : (lum[pixel] ?? 0);
    const phase = (x * sin + y * cos + 2.5 * period * value) / period;
    const wave = 0.5 + 0.5 * Math.cos(2 * Math.PI * phase);
    const darkness = 1 - value;
    const onLine = smoothstep(-0.08, 0.08, darkness * 1.05 - wave) * (1 - (ink?.[pixel] ?? 0)) + (ink?.[pixel] ?? 0);
    const tone = style.bold && value < 0.2 ? 1 : onLine;
    for (let channel = 0; channel < 3; channel += 1) out[pixel * 3 + channel] = mix(paper[channel] ?? 1, 0.08, tone);
  }
  return raster(width, height, 3, out);
};

/** Stained glass and low poly: cells of one colour with dark or light joints. */
const cellRenderer: Renderer<CellStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const size = Math.max(6, style.size * unit);
  const labels = cells(image, size, style.compactness, style.compactness > 2 ? 0.2 : 0.6, seed);
  const flat = saturate(fillCells(image, labels), style.saturation);
  const borders =
    style.leading > 0 ? cellBorders(labels, width, height, style.leading * unit) : new Float32Array(width * height);
  const texture = style.texture > 0 ? turbulence(width, height, Math.max(2, size / 3), 3, seed + 3) : undefined;
  const joint = style.joint;
  const out = new Float32Array(image.data.length);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const cell = labels[pixel] ?? 0;
    // Each tile a little lighter or darker than its neighbour, as stones and glass panes are.
    const variation = 1 + 0.12 * (hash2(cell, 0, seed) - 0.5) + style.texture * ((texture?.[pixel] ?? 0.5) - 0.5);
    const border = borders[pixel] ?? 0;
    for (let channel = 0; channel < 3; channel += 1) {
      const fill = clamp01((flat.data[pixel * 3 + channel] ?? 0) * variation);
      const jointColour = joint === 'shade' ? fill * 0.45 : (joint[channel] ?? 0);
      out[pixel * 3 + channel] = mix(fill, jointColour, border);
    }
  }
  return raster(width, height, 3, out);
};

/** Pointillism: dots of saturated colour on a jittered grid over a light canvas. */
const dots: Renderer<DotStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const colour = saturate(gaussian(image, 1.5 * unit), style.saturation);
  const spacing = Math.max(2, style.spacing * unit);
  const radius = spacing * 0.75;
  const out = new Float32Array(image.data.length).fill(0.94);
  for (let layer = 0; layer < 2; layer += 1) {
    for (let row = 0; row * spacing < height + spacing; row += 1) {
      for (let column = 0; column * spacing < width + spacing; column += 1) {
        const cx = (column + hash2(column, row, seed + layer)) * spacing;
        const cy = (row + hash2(row, column, seed + layer + 9)) * spacing;
        const source = (Math.min(height - 1, Math.floor(cy)) * width + Math.min(width - 1, Math.floor(cx))) * 3;
        const lift = 0.85 + 0.3 * hash2(column, row, seed + 17 + layer);
        for (let y = Math.max(0, Math.floor(cy - radius)); y < Math.min(height, Math.ceil(cy + radius)); y += 1) {
          for (let x = Math.max(0, Math.floor(cx - radius)); x < Math.min(width, Math.ceil(cx + radius)); x += 1) {
            if ((x - cx) ** 2 + (y - cy) ** 2 > radius * radius) continue;
            for (let channel = 0; channel < 3; channel += 1)
              out[(y * width + x) * 3 + channel] = clamp01((colour.data[source + channel] ?? 0) * lift);
          }
        }
      }
    }
  }
  return raster(width, height, 3, out);
};

const MATERIALS: Record<ReliefStyle['material'], { dark: readonly number[]; light: readonly number[] }> = {
  marble: { dark: [0.45, 0.44, 0.43], light: [0.97, 0.96, 0.93] },
  bronze: { dark: [0.16, 0.09, 0.04], light: [0.93, 0.72, 0.42] },
  wood: { dark: [0.24, 0.13, 0.06], light: [0.82, 0.6, 0.38] },
};

/** Statues and carvings: the smoothed luminance as a height map, lit from the top left, in one material. */
const relief: Renderer<ReliefStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const lum = luminance(bilateral(image, Math.max(1, Math.round(2 * unit)), 0.1));
  const heightMap = gaussian(lum, 1.2 * unit).data;
  const veins = turbulence(width, height, 40 * unit, 4, seed);
  const { dark, light } = MATERIALS[style.material];
  const out = new Float32Array(image.data.length);
  const step = Math.max(1, Math.round(unit));
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const at = (dx: number, dy: number) =>
      heightMap[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))] ?? 0;
    const lit = (at(-step, -step) - at(step, step)) * 4;
    const noise = veins[pixel] ?? 0.5;
    const pattern =
      style.material === 'marble'
        ? -0.25 * smoothstep(0.06, 0, Math.abs(Math.sin((x / (25 * unit) + noise * 6) * Math.PI)))
        : style.material === 'wood'
          ? 0.12 * Math.sin((y / (6 * unit) + noise * 8) * Math.PI)
          : 0.25 * smoothstep(0.1, 0.6, lit);
    const value = clamp01(0.25 + 0.6 * (lum.data[pixel] ?? 0) + lit + pattern);
    for (let channel = 0; channel < 3; channel += 1)
      out[pixel * 3 + channel] = mix(dark[channel] ?? 0, light[channel] ?? 1, value);
  }
  return raster(width, height, 3, out);
};

/** Photographic and digital looks (their grade comes from recipes.ts): glow, split channels, scan lines, vignette, grain. */
const photo: Renderer<PhotoStyle> = (image, style, unit, seed) => {
  const { width, height } = image;
  const glow = style.glow > 0 ? gaussian(image, 12 * unit) : undefined;
  const shift = Math.round(style.channelShift * unit);
  const out = new Float32Array(image.data.length);
  const lineHeight = Math.max(2, Math.round(3 * unit));
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const dx = (x / width - 0.5) * 2;
    const dy = (y / height - 0.5) * 2;
    const vignette = 1 - style.vignette * smoothstep(0.5, 1.5, Math.hypot(dx, dy));
    const scan = 1 - style.scanLines * (Math.floor(y / lineHeight) % 2);
    const grain = style.grain * (hash2(x, y, seed) + hash2(x + 1, y, seed) - 1) * 2;
    for (let channel = 0; channel < 3; channel += 1) {
      const offset = channel === 0 ? shift : channel === 2 ? -shift : 0;
      const source = (y * width + Math.min(width - 1, Math.max(0, x + offset))) * 3 + channel;
      const value = image.data[source] ?? 0;
      // Only the highlights glow, screened over the picture so it never clips to white.
      const bloom = glow ? style.glow * smoothstep(0.55, 1, glow.data[pixel * 3 + channel] ?? 0) * 0.6 : 0;
      out[pixel * 3 + channel] = clamp01((1 - (1 - value) * (1 - bloom)) * vignette * scan + grain);
    }
  }
  return raster(width, height, 3, out);
};

/** Pixel art works on the tiny picture itself (see stylise.ts); here it only gets its palette. */
const pixel: Renderer<{ colours: number }> = (image, style) => quantise(image, style.colours);

export function renderStyle(image: Raster, style: StyleFamily, unit: number, seed: number): Raster {
  switch (style.family) {
    case 'toon':
      return toon(image, style, unit, seed);
    case 'watercolour':
      return watercolour(image, style, unit, seed);
    case 'oil':
      return oil(image, style, unit, seed);
    case 'sketch':
      return sketch(image, style, unit, seed);
    case 'engraving':
      return engraving(image, style, unit, seed);
    case 'cells':
      return cellRenderer(image, style, unit, seed);
    case 'dots':
      return dots(image, style, unit, seed);
    case 'relief':
      return relief(image, style, unit, seed);
    case 'photo':
      return photo(image, style, unit, seed);
    case 'pixel':
      return pixel(image, style, unit, seed);
  }
}
