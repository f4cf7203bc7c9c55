import { describe, expect, it } from 'vitest';
import { NODE_SIZE } from './constants';
import { applyPositions, toFlowEdges, toFlowNodes } from './flow';
import { documentOf, node } from './test-support';

describe('canvas conversion', () => {
  const document = documentOf(
    [
      node('render', 'r', { x: 810, y: 300 }),
      node('style', 's', { x: 270, y: 100, isEnabled: false }),
      node('source', 'p', { x: 450, y: 300, isExpanded: true }),
    ],
    [
      ['s', 'r'],
      ['p', 'r'],
    ],
  );

  it('gives each node its place, size, state and whether it can be deleted', () => {
    const nodes = toFlowNodes(document, { selected: new Set(['s']), generating: new Set(['r']) });
    expect(nodes[0]).toMatchObject({
      id: 'r',
      type: 'render',
      position: { x: 810, y: 300 },
      width: NODE_SIZE.collapsedWidth,
      height: NODE_SIZE.collapsedHeight,
      deletable: false,
      data: { generating: true },
    });
    expect(nodes[1]).toMatchObject({ selected: true, deletable: true, className: 'workflow-node-disabled' });
    expect(nodes[2]).toMatchObject({ width: 400, height: 500 });
    expect(nodes[2]!.zIndex).toBeGreaterThan(nodes[0]!.zIndex!);
  });

  it('hides the connections of a disabled node', () => {
    expect(toFlowEdges(document).map((edge) => [edge.id, edge.hidden])).toEqual([
      ['s>r', true],
      ['p>r', false],
    ]);
  });

  it('writes dragged positions back', () => {
    expect(applyPositions(document, new Map([['s', { x: 1, y: 2 }]])).nodes[1]).toMatchObject({ x: 1, y: 2 });
  });
});
