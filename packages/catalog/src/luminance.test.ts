import { describe, expect, it } from 'vitest';
import { luminance, textColorOnGradient } from './luminance';

describe('luminance', () => {
  it('weights the channels 0.299, 0.587 and 0.114', () => {
    expect(luminance([255, 255, 255])).toBeCloseTo(1);
    expect(luminance([0, 0, 0])).toBe(0);
    expect(luminance([255, 0, 0])).toBeCloseTo(0.299);
    expect(luminance([0, 255, 0])).toBeCloseTo(0.587);
    expect(luminance([0, 0, 255])).toBeCloseTo(0.114);
  });
});

describe('textColorOnGradient', () => {
  it('uses black text on a bright gradient', () => {
    expect(
      textColorOnGradient([
        [250, 240, 230],
        [200, 220, 255],
      ]),
    ).toEqual([0, 0, 0]);
  });

  it('uses white text on a dark gradient', () => {
    expect(
      textColorOnGradient([
        [10, 20, 30],
        [40, 30, 60],
      ]),
    ).toEqual([255, 255, 255]);
  });

  it('uses the inverse of the first colour in between', () => {
    expect(
      textColorOnGradient([
        [200, 40, 40],
        [30, 90, 160],
      ]),
    ).toEqual([55, 215, 215]);
  });

  it('averages all the colours rather than reading only the first', () => {
    const whiteThenBlacks = [
      [255, 255, 255],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ] as const;
    expect(textColorOnGradient(whiteThenBlacks)).toEqual([255, 255, 255]);
    expect(
      textColorOnGradient([
        [0, 0, 0],
        [255, 255, 255],
        [255, 255, 255],
      ]),
    ).toEqual([0, 0, 0]);
  });

  it('switches at 0.5 and 0.2', () => {
    expect(textColorOnGradient([[130, 130, 130]])).toEqual([0, 0, 0]);
    expect(textColorOnGradient([[125, 125, 125]])).toEqual([130, 130, 130]);
    expect(textColorOnGradient([[52, 52, 52]])).toEqual([203, 203, 203]);
    expect(textColorOnGradient([[50, 50, 50]])).toEqual([255, 255, 255]);
  });
});
