/** A colour as 0–255 channels, e.g. one of the colours extracted from the current image. */
export type Rgb = readonly [red: number, green: number, blue: number];

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Perceived brightness from 0 to 1 (weights 0.299, 0.587, 0.114). */
export function luminance([red, green, blue]: Rgb): number {
  return (0.299 * red + 0.587 * green + 0.114 * blue) / 255;
}

/**
 * Text colour over the gradient built from the image's colours: black on a bright gradient, white
 * on a dark one, and in between the inverse of the first colour, which contrasts with where the
 * gradient starts.
 */
export function textColorOnGradient(colors: readonly [Rgb, ...Rgb[]]): Rgb {
  const mean = colors.reduce((sum, color) => sum + luminance(color), 0) / colors.length;
  if (mean > 0.5) return BLACK;
  if (mean < 0.2) return WHITE;
  const [red, green, blue] = colors[0];
  return [255 - red, 255 - green, 255 - blue];
}
