/** The editor's numbers, as the spec gives them (section 9, "Workflow editor"). */

/** The checkerboard grid nodes snap to: only cells with an odd column + row are used. */
export const GRID = { columns: 9, rows: 3, cellWidth: 180, cellHeight: 200 } as const;

/** No node comes closer than this (centre to centre) to the expanded node. */
export const SAFE_DISTANCE = 350;

/** Expanded nodes are 400 × 500; collapsed ones fit inside a grid cell (80 to 120 high). */
export const NODE_SIZE = {
  expandedWidth: 400,
  expandedHeight: 500,
  collapsedWidth: 172,
  collapsedHeight: 100,
  /** Collapsed nodes that show a picture (source, combine, result). */
  collapsedImageHeight: 120,
} as const;

export const ZOOM = { min: 0.1, max: 3, buttonStep: 1.1, wheelIn: 1.1, wheelOut: 0.9 } as const;

/** The canvas is 10000 × 10000, centred on the grid. */
export const CANVAS_SIZE = 10_000;

/** Sideways wheel panning moves this many pixels per wheel pixel. */
export const PAN_SPEED = 1.5;

export const RENDER_COUNT = { min: 1, max: 4 } as const;

/** Undo steps kept (at least 50). */
export const HISTORY_LIMIT = 100;

/** Autosave waits this long after the last change. */
export const AUTOSAVE_DELAY_MS = 1000;

export const INTENSITY = { min: 0, max: 1, step: 0.1 } as const;

export const IMPORTANCE = { min: 0.1, max: 1, step: 0.1 } as const;
