import { ZOOM } from './constants';

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export const clampZoom = (zoom: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, zoom));

/** Zooms by `factor` keeping the canvas point under `anchor` (screen pixels in the canvas) where it is. */
export function zoomAround(viewport: Viewport, factor: number, anchor: { x: number; y: number }): Viewport {
  const zoom = clampZoom(viewport.zoom * factor);
  const scale = zoom / viewport.zoom;
  return { zoom, x: anchor.x - (anchor.x - viewport.x) * scale, y: anchor.y - (anchor.y - viewport.y) * scale };
}

/** One wheel notch: 1.1 towards the user, 0.9 away. */
export const wheelFactor = (deltaY: number) => (deltaY < 0 ? ZOOM.wheelIn : ZOOM.wheelOut);

export const zoomPercent = (zoom: number) => `${Math.round(zoom * 100)} %`;
