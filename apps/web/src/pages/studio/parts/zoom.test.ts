import { describe, expect, it } from 'vitest';
import {
  canPan,
  clampZoom,
  INITIAL_VIEW,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  resetView,
  zoomIn,
  zoomOut,
  type StageView,
} from './zoom';

const frame = { width: 400, height: 300 };

const repeat = (times: number, step: (view: StageView) => StageView, from: StageView) => {
  let view = from;
  for (let count = 0; count < times; count++) view = step(view);
  return view;
};
const zoomInTimes = (times: number, from = INITIAL_VIEW) => repeat(times, (view) => zoomIn(view, frame), from);
const zoomOutTimes = (times: number, from = INITIAL_VIEW) => repeat(times, (view) => zoomOut(view, frame), from);

describe('zoom', () => {
  it('starts at 1× centred and moves by 0.25 a step', () => {
    expect(INITIAL_VIEW).toEqual({ scale: 1, x: 0, y: 0 });
    expect(zoomIn(INITIAL_VIEW, frame).scale).toBe(1.25);
    expect(zoomOut(INITIAL_VIEW, frame).scale).toBe(0.75);
  });

  it('stops at 3× and at 0.5×', () => {
    expect(zoomInTimes(20).scale).toBe(MAX_ZOOM);
    expect(MAX_ZOOM).toBe(3);
    expect(zoomOutTimes(20).scale).toBe(MIN_ZOOM);
    expect(MIN_ZOOM).toBe(0.5);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0.1)).toBe(0.5);
  });

  it('resets to 1× at 0,0 from any zoomed and panned view', () => {
    const panned = panBy(zoomInTimes(4), 120, -80, frame);
    expect(panned).toEqual({ scale: 2, x: 120, y: -80 });
    expect(resetView()).toEqual({ scale: 1, x: 0, y: 0 });
  });
});

describe('pan', () => {
  it('does not move the picture at 1× or below', () => {
    expect(canPan(INITIAL_VIEW)).toBe(false);
    expect(panBy(INITIAL_VIEW, 50, 50, frame)).toEqual(INITIAL_VIEW);
    expect(panBy(zoomOut(INITIAL_VIEW, frame), -30, 10, frame)).toEqual({ scale: 0.75, x: 0, y: 0 });
  });

  it('moves an enlarged picture no further than its overflow', () => {
    const double = zoomInTimes(4); // 2×: half an overflow of 200 px across and 150 px down
    expect(canPan(double)).toBe(true);
    expect(panBy(double, 50, -20, frame)).toEqual({ scale: 2, x: 50, y: -20 });
    expect(panBy(double, 1000, -1000, frame)).toEqual({ scale: 2, x: 200, y: -150 });
  });

  it('zooming out pulls the picture back inside the frame', () => {
    const panned = panBy(zoomInTimes(8), 400, 300, frame); // 3×: at its corner
    expect(panned).toEqual({ scale: 3, x: 400, y: 300 });
    const smaller = zoomOut(panned, frame);
    expect(smaller.scale).toBe(2.75);
    expect(Math.abs(smaller.x)).toBeLessThanOrEqual((1.75 * frame.width) / 2);
    expect(Math.abs(smaller.y)).toBeLessThanOrEqual((1.75 * frame.height) / 2);
    expect(zoomOutTimes(8, panned)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});
