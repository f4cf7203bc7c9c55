/** Zoom and pan of the studio's main picture: step 0.25 between 0.5× and 3×, panned only while enlarged. */
export const ZOOM_STEP = 0.25;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;

export interface StageView {
  scale: number;
  /** Offset of the picture's centre from the frame's centre, in CSS pixels. */
  x: number;
  y: number;
}

export interface FrameSize {
  width: number;
  height: number;
}

export const INITIAL_VIEW: StageView = { scale: 1, x: 0, y: 0 };

/** The reset 1:1 button, and what a new picture starts from. */
export const resetView = (): StageView => INITIAL_VIEW;

export const clampZoom = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));

/**
 * Keeps the enlarged picture covering the frame: it may move by at most the half of what
 * overflows on each axis. At 1× or less there is nothing to pan, so it stays centred.
 */
export function clampPan(view: StageView, frame: FrameSize): StageView {
  const limitX = (Math.max(0, view.scale - 1) * frame.width) / 2;
  const limitY = (Math.max(0, view.scale - 1) * frame.height) / 2;
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;
  return { scale: view.scale, x: clamp(view.x, limitX), y: clamp(view.y, limitY) };
}

export function zoomBy(view: StageView, steps: number, frame: FrameSize): StageView {
  const scale = clampZoom(view.scale + steps * ZOOM_STEP);
  // Zooming about the centre scales the offset with the picture, so the same spot stays in view.
  const ratio = scale / view.scale;
  return clampPan({ scale, x: view.x * ratio, y: view.y * ratio }, frame);
}

export const zoomIn = (view: StageView, frame: FrameSize) => zoomBy(view, 1, frame);
export const zoomOut = (view: StageView, frame: FrameSize) => zoomBy(view, -1, frame);

export function panBy(view: StageView, dx: number, dy: number, frame: FrameSize): StageView {
  return clampPan({ scale: view.scale, x: view.x + dx, y: view.y + dy }, frame);
}

export const canPan = (view: StageView) => view.scale > 1;
