import { describe, expect, it } from 'vitest';
import { GRID, SAFE_DISTANCE } from './constants';
import {
  cellCenter,
  cellsInReadingOrder,
  isCheckerCell,
  nearestCell,
  rearrange,
  resolveLayout,
  snapNode,
  withExpanded,
  type Cell,
} from './grid';
import { documentOf, node } from './test-support';

const at = (cell: Cell) => cellCenter(cell);
const cellOf = (point: { x: number; y: number }) => nearestCell(point);

describe('the checkerboard grid', () => {
  it('uses every other cell of 9 columns × 3 rows of 180 × 200, the middle one included', () => {
    const cells = cellsInReadingOrder(GRID.rows);
    expect(cells).toHaveLength(13);
    expect(cells.every(({ col, row }) => (col + row) % 2 === 1)).toBe(true);
    expect(isCheckerCell({ col: 4, row: 1 })).toBe(true);
    expect(isCheckerCell({ col: 4, row: 0 })).toBe(false);
    expect(cellCenter({ col: 1, row: 0 })).toEqual({ x: 270, y: 100 });
  });

  it('finds the checkerboard cell closest to a drop point', () => {
    expect(nearestCell({ x: 275, y: 90 })).toEqual({ col: 1, row: 0 });
    // (4, 0) is not a checkerboard cell: its neighbours are.
    expect([
      { col: 3, row: 0 },
      { col: 5, row: 0 },
      { col: 4, row: 1 },
    ]).toContainEqual(nearestCell({ x: 810, y: 100 }));
    expect(nearestCell({ x: -500, y: -500 })).toEqual({ col: 1, row: 0 });
  });
});

describe('snapNode', () => {
  it('snaps a dropped node to the nearest cell', () => {
    const document = documentOf([node('style', 'a', at({ col: 1, row: 0 }))]);
    const snapped = snapNode(document, 'a', { x: 640, y: 330 });
    expect(cellOf(snapped.nodes[0]!)).toEqual({ col: 3, row: 2 });
    expect(snapped.nodes[0]).toMatchObject(at({ col: 3, row: 2 }));
  });

  it('sends a node dropped on a taken cell to the first free cell', () => {
    const document = documentOf([
      node('style', 'a', at({ col: 1, row: 0 })),
      node('style', 'b', at({ col: 3, row: 0 })),
      node('style', 'moving', at({ col: 7, row: 2 })),
    ]);
    const snapped = snapNode(document, 'moving', at({ col: 3, row: 0 }));
    expect(snapped.nodes[2]).toMatchObject(at({ col: 5, row: 0 }));
  });

  it('keeps a node dropped near the expanded node at the safe distance', () => {
    const document = documentOf([
      node('source', 'big', { ...at({ col: 4, row: 1 }), isExpanded: true }),
      node('style', 'moving', at({ col: 8, row: 1 })),
    ]);
    const snapped = snapNode(document, 'moving', at({ col: 5, row: 0 }));
    const moved = snapped.nodes[1]!;
    expect(Math.hypot(moved.x - snapped.nodes[0]!.x, moved.y - snapped.nodes[0]!.y)).toBeGreaterThanOrEqual(
      SAFE_DISTANCE,
    );
    expect(cellOf(moved)).toEqual({ col: 1, row: 0 });
  });

  it('lets a dragged expanded node push the others out of its way', () => {
    const document = documentOf([
      node('style', 'small', at({ col: 3, row: 0 })),
      node('result', 'big', { ...at({ col: 8, row: 1 }), isExpanded: true }),
    ]);
    const snapped = snapNode(document, 'big', at({ col: 4, row: 1 }));
    const [small, big] = snapped.nodes;
    expect(big).toMatchObject(at({ col: 4, row: 1 }));
    expect(Math.hypot(small!.x - big!.x, small!.y - big!.y)).toBeGreaterThanOrEqual(SAFE_DISTANCE);
  });
});

describe('resolveLayout and rearrange', () => {
  it('gives two nodes on one cell a cell each, the second on the closest free one', () => {
    const document = documentOf([
      node('style', 'a', at({ col: 1, row: 0 })),
      node('style', 'b', at({ col: 1, row: 0 })),
    ]);
    const [a, b] = resolveLayout(document).nodes;
    expect(cellOf(a!)).toEqual({ col: 1, row: 0 });
    expect(cellOf(b!)).toEqual({ col: 0, row: 1 });
  });

  it('moves only the nodes too close to an expanded node, each to the closest safe cell', () => {
    const document = documentOf([
      node('render', 'render', at({ col: 4, row: 1 })),
      node('style', 'style', { ...at({ col: 3, row: 0 }), isExpanded: true }),
      node('action', 'far', at({ col: 8, row: 1 })),
    ]);
    const [render, style, far] = resolveLayout(document).nodes;
    expect(cellOf(style!)).toEqual({ col: 3, row: 0 });
    expect(far).toMatchObject(at({ col: 8, row: 1 }));
    expect(Math.hypot(render!.x - style!.x, render!.y - style!.y)).toBeGreaterThanOrEqual(SAFE_DISTANCE);
    // The closest safe cell to where it was: one step away, not the first cell of the grid.
    expect(Math.abs(cellOf(render!).col - 4) + Math.abs(cellOf(render!).row - 1)).toBeLessThanOrEqual(2);
  });

  it('puts the render body in the middle and each kind on its slot, extras on the free cells nearest the middle', () => {
    const document = documentOf([
      node('style', 'extra-style', { x: 3000, y: 3000 }),
      node('style', 'style', { x: 3000, y: 3000 }),
      node('render', 'render', { x: -900, y: 40 }),
      node('source', 'source', { x: 12, y: 900 }),
    ]);
    const byId = new Map(rearrange(document).nodes.map((each) => [each.id, cellOf(each)]));
    expect(byId.get('render')).toEqual({ col: 4, row: 1 });
    expect(byId.get('source')).toEqual({ col: 2, row: 1 });
    expect(byId.get('extra-style')).toEqual({ col: 3, row: 0 });
    // The style slot went to the first style node; the second gets the closest free cell.
    expect(byId.get('style')).toEqual({ col: 5, row: 0 });
  });

  it('never leaves two nodes on one cell, however many there are', () => {
    const nodes = Array.from({ length: 40 }, (_, index) => node('style', `n${index}`));
    const cells = new Set(rearrange(documentOf(nodes)).nodes.map((each) => `${cellOf(each).col}:${cellOf(each).row}`));
    expect(cells.size).toBe(40);
  });
});

describe('expanding and collapsing', () => {
  const arranged = () =>
    documentOf([
      node('render', 'render', at({ col: 4, row: 1 })),
      node('style', 'style', at({ col: 3, row: 0 })),
      node('lighting', 'lighting', at({ col: 3, row: 2 })),
      node('result', 'result', at({ col: 8, row: 1 })),
    ]);
  const cells = (document: ReturnType<typeof arranged>) =>
    Object.fromEntries(document.nodes.map((each) => [each.id, cellOf(each)]));

  it('puts the nodes an expanded node pushed aside back where they were when it collapses', () => {
    const document = arranged();
    const expanded = withExpanded(document, 'render');
    expect(cells(expanded)).not.toEqual(cells(document));
    const collapsed = withExpanded(expanded, null);
    expect(cells(collapsed)).toEqual(cells(document));
    expect(collapsed.nodes.every((each) => each.home === undefined && !each.isExpanded)).toBe(true);
  });

  it('brings the first expansion’s neighbours home before another node makes room', () => {
    const document = arranged();
    const second = withExpanded(withExpanded(document, 'render'), 'result');
    expect(second.nodes.filter((each) => each.isExpanded).map((each) => each.id)).toEqual(['result']);
    expect(cells(withExpanded(second, null))).toEqual(cells(document));
  });

  it('keeps a node the user dropped on a pushed node’s home cell; the pushed one takes the closest free cell', () => {
    const expanded = withExpanded(arranged(), 'render');
    const pushed = expanded.nodes.find((each) => each.home !== undefined)!;
    const home = cellOf(pushed.home!);
    // The result node, last in the list (so settled last in plain order), is put on that cell.
    const dropped = {
      ...expanded,
      nodes: expanded.nodes.map((each) => (each.id === 'result' ? { ...each, ...cellCenter(home) } : each)),
    };
    const resultCell = home;
    const collapsed = withExpanded(dropped, null);
    expect(cellOf(collapsed.nodes.find((each) => each.id === 'result')!)).toEqual(resultCell);
    expect(cellOf(collapsed.nodes.find((each) => each.id === pushed.id)!)).not.toEqual(resultCell);
  });

  it('leaves a pushed node where the user dragged it when the expanded node collapses', () => {
    const expanded = withExpanded(arranged(), 'render');
    const pushed = expanded.nodes.find((each) => each.home !== undefined)!;
    const dragged = snapNode(expanded, pushed.id, at({ col: 0, row: 3 }));
    const collapsed = withExpanded(dragged, null);
    expect(cellOf(collapsed.nodes.find((each) => each.id === pushed.id)!)).toEqual({ col: 0, row: 3 });
  });
});
