import { describe, expect, it } from 'vitest';
import { borderPoint, connectionEnds } from './edge-geometry';

describe('connection ends', () => {
  const box = { x: 0, y: 0, width: 200, height: 100 };

  it('leave a node through the side facing the other node', () => {
    expect(borderPoint(box, { x: 500, y: 0 })).toEqual({ x: 100, y: 0 });
    expect(borderPoint(box, { x: 0, y: -300 })).toEqual({ x: 0, y: -50 });
    expect(borderPoint(box, { x: 100, y: 100 })).toEqual({ x: 50, y: 50 });
    expect(borderPoint(box, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('face each other', () => {
    expect(connectionEnds(box, { x: 400, y: 0, width: 100, height: 100 })).toEqual({
      source: { x: 100, y: 0 },
      target: { x: 350, y: 0 },
    });
  });
});
