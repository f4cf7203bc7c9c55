import type { Rgb } from '@atelier/catalog';
import { describe, expect, it } from 'vitest';
import { extractPalette, FALLBACK_PALETTE, isPlaceholderImage, paletteStyle } from './palette';

/** RGBA pixel data: each colour repeated `count` times. */
function pixelsOf(...runs: [color: Rgb, count: number, alpha?: number][]): Uint8ClampedArray {
  return Uint8ClampedArray.from(
    runs.flatMap(([[red, green, blue], count, alpha = 255]) =>
      Array.from({ length: count }, () => [red, green, blue, alpha]).flat(),
    ),
  );
}

describe('extractPalette', () => {
  it('gives the 5 most present colours, most present first', () => {
    const pixels = pixelsOf(
      [[200, 30, 30], 60],
      [[20, 20, 200], 50],
      [[30, 180, 40], 40],
      [[240, 240, 240], 30],
      [[10, 10, 10], 20],
      [[250, 200, 0], 10],
    );
    expect(extractPalette(pixels)).toEqual([
      [200, 30, 30],
      [20, 20, 200],
      [30, 180, 40],
      [240, 240, 240],
      [10, 10, 10],
    ]);
  });

  it('averages the shades of one colour and prefers distinct colours to near-duplicates', () => {
    const pixels = pixelsOf(
      [[100, 100, 100], 50],
      [[102, 104, 106], 50], // the same grey box: averaged with the first
      [[120, 100, 100], 40], // another box, but too close to that grey
      [[0, 0, 255], 10],
    );
    const [grey, second, third] = extractPalette(pixels);
    expect(grey).toEqual([101, 102, 103]);
    expect(second).toEqual([0, 0, 255]);
    // Distinct colours ran out: the near-duplicate fills in.
    expect(third).toEqual([120, 100, 100]);
  });

  it('ignores transparent pixels and gives nothing for an empty picture', () => {
    expect(extractPalette(pixelsOf([[255, 0, 0], 100, 0], [[0, 255, 0], 1]))).toEqual([[0, 255, 0]]);
    expect(extractPalette(new Uint8ClampedArray())).toEqual([]);
  });
});

describe('paletteStyle', () => {
  it('draws the gradient through the colours in order', () => {
    expect(
      paletteStyle([
        [255, 0, 0],
        [0, 0, 255],
      ]).background,
    ).toBe('linear-gradient(135deg, rgb(255, 0, 0) 0%, rgb(0, 0, 255) 100%)');
    expect(paletteStyle([[10, 20, 30]]).background).toBe(
      'linear-gradient(135deg, rgb(10, 20, 30) 0%, rgb(10, 20, 30) 100%)',
    );
  });

  it('writes black on a bright gradient (mean luminance above 0.5)', () => {
    expect(
      paletteStyle([
        [255, 255, 255],
        [200, 200, 200],
        [120, 120, 120],
      ]).textColor,
    ).toBe('rgb(0, 0, 0)');
  });

  it('writes white on a dark gradient (mean luminance below 0.2)', () => {
    expect(
      paletteStyle([
        [0, 0, 0],
        [40, 40, 40],
        [60, 20, 20],
      ]).textColor,
    ).toBe('rgb(255, 255, 255)');
  });

  it('writes the inverse of the first colour in between', () => {
    // Luminances 0.299 and 0.587: mean 0.443.
    expect(
      paletteStyle([
        [255, 0, 0],
        [0, 255, 0],
      ]).textColor,
    ).toBe('rgb(0, 255, 255)');
  });

  it('falls back to the blue-purple gradient with white text when there are no colours', () => {
    expect(paletteStyle([])).toBe(FALLBACK_PALETTE);
    expect(FALLBACK_PALETTE.textColor).toBe('rgb(255, 255, 255)');
  });
});

describe('isPlaceholderImage', () => {
  it('skips no picture and vector art, reads photos', () => {
    expect(isPlaceholderImage(null)).toBe(true);
    expect(isPlaceholderImage('  ')).toBe(true);
    expect(isPlaceholderImage('/placeholder.svg')).toBe(true);
    expect(isPlaceholderImage('data:image/svg+xml;base64,AAAA')).toBe(true);
    expect(isPlaceholderImage('/api/media/results/3/ab12.jpg')).toBe(false);
    expect(isPlaceholderImage('blob:http://localhost/1234')).toBe(false);
  });
});
