import type { Rgb } from '../../color';

/**
 * Colour grades as affine maps on 0–255 RGB: out = matrix · in + offset. Brightness, contrast,
 * saturation, hue rotation, white balance, sepia, duotone and palette tints are all of this form,
 * so any number of them compose into one 3×3 matrix and one offset, which sharp applies in a
 * single `recomb` + `linear` over the image whatever the selection holds.
 */
export type Vec3 = readonly [number, number, number];
export type Mat3 = readonly [Vec3, Vec3, Vec3];

export interface Grade {
  readonly matrix: Mat3;
  readonly offset: Vec3;
}

/** Luma weights (the spec's 0.299, 0.587, 0.114). */
const LUMA: Vec3 = [0.299, 0.587, 0.114];

const ZERO: Vec3 = [0, 0, 0];

function mat(build: (row: number, column: number) => number): Mat3 {
  const row = (r: number): Vec3 => [build(r, 0), build(r, 1), build(r, 2)];
  return [row(0), row(1), row(2)];
}

function at(matrix: Mat3, row: number, column: number): number {
  return matrix[row]?.[column] ?? 0;
}

function vec(build: (index: number) => number): Vec3 {
  return [build(0), build(1), build(2)];
}

const identityMatrix = mat((r, c) => (r === c ? 1 : 0));

export const IDENTITY: Grade = { matrix: identityMatrix, offset: ZERO };

function linearMap(matrix: Mat3, offset: Vec3 = ZERO): Grade {
  return { matrix, offset };
}

/** `first`, then `second`. */
function andThen(first: Grade, second: Grade): Grade {
  const matrix = mat((r, c) => [0, 1, 2].reduce((sum, k) => sum + at(second.matrix, r, k) * at(first.matrix, k, c), 0));
  const offset = vec((r) =>
    [0, 1, 2].reduce((sum, k) => sum + at(second.matrix, r, k) * (first.offset[k] ?? 0), second.offset[r] ?? 0),
  );
  return { matrix, offset };
}

export function chain(grades: readonly Grade[]): Grade {
  return grades.reduce(andThen, IDENTITY);
}

/** The grade applied at `amount` (0 = untouched, 1 = full): exact for affine maps. */
export function weaken(grade: Grade, amount: number): Grade {
  return {
    matrix: mat((r, c) => at(identityMatrix, r, c) + amount * (at(grade.matrix, r, c) - at(identityMatrix, r, c))),
    offset: vec((i) => amount * (grade.offset[i] ?? 0)),
  };
}

export function isDiagonal(matrix: Mat3): boolean {
  return [0, 1, 2].every((r) => [0, 1, 2].every((c) => r === c || Math.abs(at(matrix, r, c)) < 1e-6));
}

export function isIdentity(grade: Grade): boolean {
  return (
    isDiagonal(grade.matrix) &&
    [0, 1, 2].every((i) => Math.abs(at(grade.matrix, i, i) - 1) < 1e-6 && Math.abs(grade.offset[i] ?? 0) < 1e-3)
  );
}

/** 0 = grey, 1 = unchanged, above 1 = more vivid; luminance is kept. */
export function saturation(amount: number): Grade {
  return linearMap(mat((r, c) => (1 - amount) * (LUMA[c] ?? 0) + (r === c ? amount : 0)));
}

/** Rotates hues by `degrees` around the grey axis, keeping luminance (the CSS hue-rotate matrix). */
export function hueRotation(degrees: number): Grade {
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  return linearMap([
    [0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928],
    [0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.14, 0.072 - cos * 0.072 - sin * 0.283],
    [0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072],
  ]);
}

/** Per-channel gains: white balance (warm: red up, blue down) or exposure when all three match. */
export function gains(red: number, green: number, blue: number): Grade {
  return linearMap(mat((r, c) => (r === c ? ([red, green, blue][r] ?? 1) : 0)));
}

export function exposure(amount: number): Grade {
  return gains(amount, amount, amount);
}

/** Contrast around mid-grey; a large amount crushes each channel towards 0 or 255 (a poster look). */
export function contrast(amount: number): Grade {
  return linearMap(
    exposure(amount).matrix,
    vec(() => 128 * (1 - amount)),
  );
}

/** Raises the black point to `amount` (0–255), keeping white: the faded look of old prints and mist. */
export function lift(amount: number): Grade {
  return linearMap(
    exposure(1 - amount / 255).matrix,
    vec(() => amount),
  );
}

function luminance(rgb: Rgb): number {
  return LUMA.reduce((sum, weight, index) => sum + weight * (rgb[index] ?? 0), 0);
}

/**
 * Pulls every pixel towards `colour` at the pixel's own brightness (a colourise), by `amount`.
 * Dark colours are normalised so that navy tints blue rather than blacking the image out.
 */
export function tint(colour: Rgb, amount: number): Grade {
  const scale = 1 / Math.max(luminance(colour), 0.3 * 255);
  const target = mat((r, c) => (colour[r] ?? 0) * scale * (LUMA[c] ?? 0));
  return weaken(linearMap(target), amount);
}

/** Maps luminance onto a gradient from `dark` to `light`. */
export function duotone(dark: Rgb, light: Rgb): Grade {
  return linearMap(
    mat((r, c) => (((light[r] ?? 0) - (dark[r] ?? 0)) / 255) * (LUMA[c] ?? 0)),
    dark,
  );
}

export const SEPIA: Grade = linearMap([
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
]);

/** Red and green swapped with a blue lift: the false colours of infrared film. */
export const INFRARED: Grade = linearMap(
  [
    [0.1, 1.0, 0.0],
    [0.9, 0.1, 0.0],
    [0.0, 0.2, 0.9],
  ],
  [10, 0, 10],
);
