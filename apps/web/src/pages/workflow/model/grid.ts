import type { WorkflowDocument, WorkflowNode, WorkflowNodeType } from '@atelier/catalog';
import { CANVAS_SIZE, GRID, SAFE_DISTANCE } from './constants';
import { nodeSize } from './nodes';

/** A grid cell; rows go on below the third when the grid is full. */
export interface Cell {
  col: number;
  row: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Node positions are centres (the canvas uses node origin [0.5, 0.5]). */
export function cellCenter({ col, row }: Cell): Point {
  return { x: col * GRID.cellWidth + GRID.cellWidth / 2, y: row * GRID.cellHeight + GRID.cellHeight / 2 };
}

/** Only every other cell is used, like the dark squares of a checkerboard; the middle one (4, 1) is. */
export function isCheckerCell({ col, row }: Cell): boolean {
  return (
    Number.isInteger(col) &&
    Number.isInteger(row) &&
    col >= 0 &&
    col < GRID.columns &&
    row >= 0 &&
    (col + row) % 2 === 1
  );
}

const key = ({ col, row }: Cell) => `${col}:${row}`;
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The canvas area, 10000 × 10000 around the grid. */
export const CANVAS_EXTENT: [[number, number], [number, number]] = (() => {
  const middle = { x: (GRID.columns * GRID.cellWidth) / 2, y: (GRID.rows * GRID.cellHeight) / 2 };
  return [
    [middle.x - CANVAS_SIZE / 2, middle.y - CANVAS_SIZE / 2],
    [middle.x + CANVAS_SIZE / 2, middle.y + CANVAS_SIZE / 2],
  ];
})();

/** The checkerboard cell whose centre is closest to a point. */
export function nearestCell(point: Point): Cell {
  const col = Math.min(GRID.columns - 1, Math.max(0, Math.round((point.x - GRID.cellWidth / 2) / GRID.cellWidth)));
  const row = Math.max(0, Math.round((point.y - GRID.cellHeight / 2) / GRID.cellHeight));
  const around: Cell[] = [];
  for (let dr = -1; dr <= 1; dr += 1) for (let dc = -1; dc <= 1; dc += 1) around.push({ col: col + dc, row: row + dr });
  return around
    .filter(isCheckerCell)
    .reduce((best, cell) => (distance(cellCenter(cell), point) < distance(cellCenter(best), point) ? cell : best));
}

/** Every checkerboard cell of the first `rows` rows, row by row, left to right. */
export function cellsInReadingOrder(rows: number): Cell[] {
  const cells: Cell[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < GRID.columns; col += 1) if (isCheckerCell({ col, row })) cells.push({ col, row });
  }
  return cells;
}

/** Enough rows for every node to find a free cell, whatever the expanded node blocks. */
const rowsFor = (nodes: readonly WorkflowNode[], point?: Point) =>
  Math.max(GRID.rows, Math.ceil(nodes.length / 4) + 4, point ? nearestCell(point).row + 2 : 0);

type Placed = Pick<WorkflowNode, 'type' | 'isExpanded' | 'x' | 'y'>;

/** Whether a node centred on `centre` keeps the safe distance from the expanded node and does not overlap it. */
export function isSafeFrom(expanded: Placed, node: Pick<WorkflowNode, 'type' | 'isExpanded'>, centre: Point): boolean {
  if (distance(expanded, centre) < SAFE_DISTANCE) return false;
  const a = nodeSize(expanded);
  const b = nodeSize(node);
  return (
    Math.abs(expanded.x - centre.x) * 2 >= a.width + b.width ||
    Math.abs(expanded.y - centre.y) * 2 >= a.height + b.height
  );
}

/** Cells already used, and the expanded node others must keep away from. */
interface Occupancy {
  taken: Set<string>;
  expanded: Placed | undefined;
}

function occupancyOf(nodes: readonly WorkflowNode[]): Occupancy {
  return {
    taken: new Set(nodes.map((node) => key(nearestCell(node)))),
    expanded: nodes.find((node) => node.isExpanded),
  };
}

function isFreeFor(node: WorkflowNode, cell: Cell, { taken, expanded }: Occupancy): boolean {
  if (taken.has(key(cell))) return false;
  return node.isExpanded || !expanded || isSafeFrom(expanded, node, cellCenter(cell));
}

function firstFreeCell(node: WorkflowNode, occupancy: Occupancy, rows: number): Cell {
  const cell = cellsInReadingOrder(rows).find((candidate) => isFreeFor(node, candidate, occupancy));
  // rowsFor leaves more cells than nodes, so there is always one.
  return cell ?? { col: 1, row: rows };
}

/** The free cell closest to a point (ties go to the first in reading order). */
function closestFreeCell(node: WorkflowNode, occupancy: Occupancy, rows: number, near: Point): Cell {
  const free = cellsInReadingOrder(rows).filter((cell) => isFreeFor(node, cell, occupancy));
  return free.reduce(
    (best, cell) => (distance(cellCenter(cell), near) < distance(cellCenter(best), near) ? cell : best),
    free[0] ?? { col: 1, row: rows },
  );
}

const moveTo = (node: WorkflowNode, cell: Cell): WorkflowNode => ({ ...node, ...cellCenter(cell) });

/** A node put somewhere on purpose forgets the place it was pushed away from. */
function withoutHome({ home: _forgotten, ...node }: WorkflowNode): WorkflowNode {
  return node;
}

/**
 * Puts every node on a free checkerboard cell: the expanded node first, where it is; then the
 * others in order, each kept on its cell unless it is taken or too close to the expanded node,
 * in which case it moves to the closest free cell (the layout changes as little as it can).
 */
export function resolveLayout(document: WorkflowDocument): WorkflowDocument {
  const rows = rowsFor(document.nodes);
  const expanded = document.nodes.find((node) => node.isExpanded);
  const order = expanded ? [expanded, ...document.nodes.filter((node) => node !== expanded)] : document.nodes;
  const occupancy: Occupancy = { taken: new Set(), expanded: undefined };
  const placed = new Map<string, WorkflowNode>();
  for (const node of order) {
    const wanted = nearestCell(node);
    const cell = isFreeFor(node, wanted, occupancy)
      ? wanted
      : closestFreeCell(node, occupancy, rows, cellCenter(wanted));
    const moved = moveTo(node, cell);
    placed.set(node.id, moved);
    occupancy.taken.add(key(cell));
    if (node.isExpanded) occupancy.expanded = moved;
  }
  return { ...document, nodes: document.nodes.map((node) => placed.get(node.id) ?? node) };
}

/**
 * Makes room around the expanded node (see resolveLayout); each node it pushes aside remembers
 * where it sat, so that collapsing puts the workflow back as the user arranged it.
 */
export function makeRoom(document: WorkflowDocument): WorkflowDocument {
  const before = new Map(document.nodes.map((node) => [node.id, node]));
  const resolved = resolveLayout(document);
  return {
    ...resolved,
    nodes: resolved.nodes.map((node) => {
      const was = before.get(node.id);
      const pushed = was && !node.isExpanded && !node.home && (was.x !== node.x || was.y !== node.y);
      return pushed ? { ...node, home: { x: was.x, y: was.y } } : node;
    }),
  };
}

/**
 * Expands one node (or none, with null): the nodes the previous expansion pushed aside go back
 * home (to the closest free cell if the user put another node there), then the new one makes room.
 */
export function withExpanded(document: WorkflowDocument, expandedId: string | null): WorkflowDocument {
  const returning = new Set(document.nodes.filter((node) => node.home).map((node) => node.id));
  const collapsed = document.nodes.map((node) => {
    const flat = withoutHome({ ...node, isExpanded: false });
    return node.home ? { ...flat, ...node.home } : flat;
  });
  // Nodes the user placed keep their cells; one going home to a taken cell takes the closest free one.
  const byPriority = [
    ...collapsed.filter((node) => !returning.has(node.id)),
    ...collapsed.filter((node) => returning.has(node.id)),
  ];
  const placed = new Map(resolveLayout({ ...document, nodes: byPriority }).nodes.map((node) => [node.id, node]));
  const settled = { ...document, nodes: collapsed.map((node) => placed.get(node.id) ?? node) };
  if (expandedId === null || !settled.nodes.some((node) => node.id === expandedId)) return settled;
  return makeRoom({
    ...settled,
    nodes: settled.nodes.map((node) => (node.id === expandedId ? { ...node, isExpanded: true } : node)),
  });
}

/**
 * A dragged node dropped at `drop`: it snaps to the nearest checkerboard cell, or to the first
 * free cell when that one is taken. A dragged expanded node pushes the others away instead.
 */
export function snapNode(document: WorkflowDocument, nodeId: string, drop: Point): WorkflowDocument {
  const node = document.nodes.find((candidate) => candidate.id === nodeId);
  if (!node) return document;
  const others = document.nodes.filter((candidate) => candidate.id !== nodeId);
  const occupancy = occupancyOf(others);
  const wanted = nearestCell(drop);
  const cell = isFreeFor(node, wanted, occupancy)
    ? wanted
    : firstFreeCell(node, occupancy, rowsFor(document.nodes, drop));
  const snapped = {
    ...document,
    nodes: document.nodes.map((candidate) =>
      candidate.id === nodeId ? withoutHome(moveTo(candidate, cell)) : candidate,
    ),
  };
  return node.isExpanded ? makeRoom(snapped) : snapped;
}

/** The free cell closest to a point, for a new node (ties go to the first in reading order). */
export function nearestFreeCell(document: WorkflowDocument, node: WorkflowNode, near: Point): Cell {
  const occupancy = occupancyOf(document.nodes.filter((candidate) => candidate.id !== node.id));
  return closestFreeCell(node, occupancy, rowsFor(document.nodes, near), near);
}

/** A new node put on the free cell closest to `near`. */
export function placeNode(document: WorkflowDocument, node: WorkflowNode, near: Point): WorkflowDocument {
  const placed = moveTo(node, nearestFreeCell(document, node, near));
  return { ...document, nodes: [...document.nodes.filter((candidate) => candidate.id !== node.id), placed] };
}

/** Where the default layout and re-arranging put each kind: the render body in the middle, the rest around it. */
export const LAYOUT_SLOTS: readonly { type: WorkflowNodeType; cell: Cell }[] = [
  { type: 'render', cell: { col: 4, row: 1 } },
  { type: 'source', cell: { col: 2, row: 1 } },
  { type: 'style', cell: { col: 3, row: 0 } },
  { type: 'character', cell: { col: 5, row: 0 } },
  { type: 'action', cell: { col: 6, row: 1 } },
  { type: 'environment', cell: { col: 5, row: 2 } },
  { type: 'lighting', cell: { col: 3, row: 2 } },
  { type: 'camera', cell: { col: 7, row: 0 } },
  { type: 'clothing', cell: { col: 7, row: 2 } },
  { type: 'result', cell: { col: 8, row: 1 } },
];

export const RENDER_CELL: Cell = { col: 4, row: 1 };

/**
 * Lays the grid out again: the first node of each kind on its slot around the render body, every
 * other node on the free cells closest to the middle.
 */
export function rearrange(laidOut: WorkflowDocument): WorkflowDocument {
  const document = { ...laidOut, nodes: laidOut.nodes.map(withoutHome) };
  const placed = new Map<string, WorkflowNode>();
  const used = new Set<string>();
  for (const slot of LAYOUT_SLOTS) {
    const node = document.nodes.find((candidate) => candidate.type === slot.type);
    if (!node) continue;
    placed.set(node.id, moveTo(node, slot.cell));
    used.add(key(slot.cell));
  }
  const middle = cellCenter(RENDER_CELL);
  const spare = cellsInReadingOrder(rowsFor(document.nodes))
    .filter((cell) => !used.has(key(cell)))
    .sort((a, b) => distance(cellCenter(a), middle) - distance(cellCenter(b), middle));
  for (const node of document.nodes) {
    if (placed.has(node.id)) continue;
    const cell = spare.shift();
    placed.set(node.id, cell ? moveTo(node, cell) : node);
  }
  return makeRoom({ ...document, nodes: document.nodes.map((node) => placed.get(node.id) ?? node) });
}
