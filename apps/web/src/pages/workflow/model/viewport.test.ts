import { describe, expect, it } from 'vitest';
import { GENERATION_CYCLE_SECONDS, generationKeyframes, phaseAt, phaseStops } from './animation';
import { clampZoom, wheelFactor, zoomAround, zoomPercent } from './viewport';

describe('zoom', () => {
  it('stays between 0.1 and 3', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(5)).toBe(3);
  });

  it('zooms around the pointer: the point under it does not move', () => {
    const before = { x: 100, y: 50, zoom: 1 };
    const after = zoomAround(before, 1.1, { x: 400, y: 300 });
    const underPointer = (viewport: typeof before) => ({
      x: (400 - viewport.x) / viewport.zoom,
      y: (300 - viewport.y) / viewport.zoom,
    });
    expect(after.zoom).toBeCloseTo(1.1);
    expect(underPointer(after).x).toBeCloseTo(underPointer(before).x);
    expect(underPointer(after).y).toBeCloseTo(underPointer(before).y);
    expect(zoomAround({ x: 0, y: 0, zoom: 3 }, 1.1, { x: 0, y: 0 }).zoom).toBe(3);
  });

  it('steps by 1.1 and 0.9 on the wheel and shows a percentage', () => {
    expect(wheelFactor(-100)).toBe(1.1);
    expect(wheelFactor(100)).toBe(0.9);
    expect(zoomPercent(0.754)).toBe('75 %');
  });
});

describe('generation animation', () => {
  it('cycles conception 2 s, growth 3 s, contraction 2 s, birth 3 s, then idles', () => {
    expect(GENERATION_CYCLE_SECONDS).toBe(10);
    expect(phaseStops()).toEqual([
      { name: 'conception', percent: 0 },
      { name: 'growth', percent: 20 },
      { name: 'contraction', percent: 50 },
      { name: 'birth', percent: 70 },
    ]);
    expect([0, 1.9, 2, 4.9, 5, 7, 9.9, 10].map((seconds) => phaseAt(seconds, true))).toEqual([
      'conception',
      'conception',
      'growth',
      'growth',
      'contraction',
      'birth',
      'birth',
      'conception',
    ]);
    expect(phaseAt(3, false)).toBe('idle');
  });
});

describe('generation keyframes', () => {
  it('put a stop where each phase begins', () => {
    const css = generationKeyframes('grow');
    expect(css.startsWith('@keyframes grow {')).toBe(true);
    expect([...css.matchAll(/(\d+)% \{/g)].map((match) => Number(match[1]))).toEqual([0, 20, 50, 70, 100]);
  });
});
