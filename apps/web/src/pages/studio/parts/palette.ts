import { textColorOnGradient, type Rgb } from '@atelier/catalog';

/** How many colours the studio draws its background from. */
export const PALETTE_SIZE = 5;

/** Used when the picture's colours cannot be read (or before any picture). */
export const FALLBACK_PALETTE = {
  background: 'linear-gradient(135deg, #667eea 0%, #764ba2 100%)',
  textColor: 'rgb(255, 255, 255)',
} as const;

export interface PaletteStyle {
  background: string;
  textColor: string;
}

/** Pixels more transparent than this say nothing about the picture's colours. */
const MIN_ALPHA = 128;
/** 4 bits per channel: 4096 boxes, coarse enough to group a picture's shades of one colour. */
const BUCKET_SHIFT = 4;
/** Two colours closer than this (RGB distance) would make a flat gradient: the next one is taken instead. */
const MIN_DISTANCE = 48;

interface Bucket {
  count: number;
  red: number;
  green: number;
  blue: number;
}

const averageOf = (bucket: Bucket): Rgb => [
  Math.round(bucket.red / bucket.count),
  Math.round(bucket.green / bucket.count),
  Math.round(bucket.blue / bucket.count),
];

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The picture's dominant colours, most present first, from RGBA pixel data (a canvas's
 * `getImageData().data`): pixels are grouped in colour boxes, each box gives its average, and
 * boxes too close to one already taken only fill in when distinct ones run out.
 */
export function extractPalette(pixels: ArrayLike<number>, count = PALETTE_SIZE): Rgb[] {
  const buckets = new Map<number, Bucket>();
  for (let index = 0; index + 3 < pixels.length; index += 4) {
    const red = pixels[index]!;
    const green = pixels[index + 1]!;
    const blue = pixels[index + 2]!;
    if (pixels[index + 3]! < MIN_ALPHA) continue;
    const key = ((red >> BUCKET_SHIFT) << 8) | ((green >> BUCKET_SHIFT) << 4) | (blue >> BUCKET_SHIFT);
    const bucket = buckets.get(key) ?? { count: 0, red: 0, green: 0, blue: 0 };
    bucket.count += 1;
    bucket.red += red;
    bucket.green += green;
    bucket.blue += blue;
    buckets.set(key, bucket);
  }
  const ranked = [...buckets.values()].sort((a, b) => b.count - a.count).map(averageOf);
  const chosen: Rgb[] = [];
  for (const color of ranked) {
    if (chosen.length === count) break;
    if (chosen.every((taken) => distance(taken, color) >= MIN_DISTANCE)) chosen.push(color);
  }
  for (const color of ranked) {
    if (chosen.length === count) break;
    if (!chosen.includes(color)) chosen.push(color);
  }
  return chosen;
}

const css = ([red, green, blue]: Rgb) => `rgb(${red}, ${green}, ${blue})`;

/** The background gradient through the colours, and the text colour that reads on it. */
export function paletteStyle(colors: readonly Rgb[]): PaletteStyle {
  const [first, ...others] = colors;
  if (!first) return FALLBACK_PALETTE;
  const stops = others.length === 0 ? [first, first] : colors;
  const gradient = stops
    .map((color, index) => `${css(color)} ${Math.round((index / (stops.length - 1)) * 100)}%`)
    .join(', ');
  return {
    background: `linear-gradient(135deg, ${gradient})`,
    textColor: css(textColorOnGradient([first, ...others])),
  };
}

/** No picture yet, or vector art (icons, placeholders) whose flat colours say nothing of a photo. */
export function isPlaceholderImage(src: string | null): boolean {
  if (!src?.trim()) return true;
  return /^data:image\/svg/i.test(src) || /\.svg(?:[?#]|$)/i.test(src);
}
