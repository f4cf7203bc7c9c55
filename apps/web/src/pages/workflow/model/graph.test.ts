import { describe, expect, it } from 'vitest';
import { cellCenter, nearestCell } from './grid';
import {
  canConnect,
  connect,
  copyNodes,
  defaultLayout,
  ensureResultNode,
  insertOnConnection,
  mindMapKeeps,
  pasteNodes,
  removeNodes,
  toggleExpansion,
  upstreamNodeIds,
  withMindMap,
} from './graph';
import { documentOf, idSequence, node } from './test-support';

const pairs = (document: { connections: { fromNode: string; toNode: string }[] }) =>
  document.connections.map(({ fromNode, toNode }) => `${fromNode}>${toNode}`).sort();

describe('defaultLayout', () => {
  it('surrounds the render body with the photo and seven category nodes, all connected to it', () => {
    const document = defaultLayout('/api/media/uploads/photo.jpg', idSequence('n'));
    expect(document.nodes.map((each) => each.type)).toEqual([
      'render',
      'source',
      'style',
      'character',
      'action',
      'environment',
      'lighting',
      'camera',
      'clothing',
    ]);
    const render = document.nodes[0]!;
    expect(nearestCell(render)).toEqual({ col: 4, row: 1 });
    expect(document.nodes[1]).toMatchObject({ image: '/api/media/uploads/photo.jpg' });
    expect(document.connections).toHaveLength(8);
    expect(document.connections.every((each) => each.toNode === render.id)).toBe(true);
    const cells = new Set(document.nodes.map((each) => JSON.stringify(nearestCell(each))));
    expect(cells.size).toBe(9);
  });
});

describe('mind-map mode', () => {
  it('connects every node leading nowhere to the render node, but not results or nodes already in a chain', () => {
    const document = documentOf(
      [node('render', 'r'), node('style', 's'), node('lighting', 'l'), node('action', 'a'), node('result', 'out')],
      [
        ['l', 'a'],
        ['a', 'r'],
        ['r', 'out'],
      ],
    );
    expect(pairs(withMindMap(document))).toEqual(['a>r', 'l>a', 'r>out', 's>r']);
  });

  it('does nothing when switched off', () => {
    const document = documentOf([node('render', 'r'), node('style', 's')], [], { mindMap: false });
    expect(withMindMap(document).connections).toEqual([]);
  });

  it('knows which removed connections it would put straight back', () => {
    const document = documentOf(
      [node('render', 'r'), node('style', 's'), node('lighting', 'l'), node('action', 'a')],
      [
        ['s', 'r'],
        ['l', 'a'],
        ['a', 'r'],
        ['l', 'r'],
      ],
    );
    // The style node would lead nowhere: reconnected. The lighting node still leads to the action.
    expect(mindMapKeeps(document, ['s>r'])).toBe(true);
    expect(mindMapKeeps(document, ['l>r'])).toBe(false);
    expect(mindMapKeeps({ ...document, mindMap: false }, ['s>r'])).toBe(false);
  });
});

describe('connections', () => {
  it('refuses a node to itself, a second identical connection and a loop', () => {
    const document = documentOf(
      [node('style', 'a'), node('style', 'b'), node('render', 'r')],
      [
        ['a', 'b'],
        ['b', 'r'],
      ],
    );
    expect(canConnect(document, 'a', 'a')).toBe(false);
    expect(canConnect(document, 'a', 'b')).toBe(false);
    expect(canConnect(document, 'r', 'a')).toBe(false);
    expect(canConnect(document, 'a', 'r')).toBe(true);
    expect(pairs(connect(document, 'a', 'r'))).toEqual(['a>b', 'a>r', 'b>r']);
  });

  it('finds everything upstream of a node', () => {
    const document = documentOf(
      [node('source', 's'), node('combine', 'c'), node('style', 'x'), node('render', 'r')],
      [
        ['s', 'c'],
        ['c', 'r'],
        ['x', 'r'],
      ],
    );
    expect([...upstreamNodeIds(document, 'r')].sort()).toEqual(['c', 's', 'x']);
  });

  it('removes a node with its connections', () => {
    const document = documentOf([node('style', 'a'), node('render', 'r')], [['a', 'r']]);
    expect(removeNodes(document, ['a'])).toMatchObject({ nodes: [{ id: 'r' }], connections: [] });
  });
});

describe('insertOnConnection', () => {
  it('puts a new node between the two ends and splits the connection in two', () => {
    const document = documentOf(
      [node('style', 'a', cellCenter({ col: 1, row: 0 })), node('render', 'r', cellCenter({ col: 4, row: 1 }))],
      [['a', 'r']],
    );
    const inserted = insertOnConnection(document, 'a>r', 'lighting', 'new');
    expect(pairs(inserted)).toEqual(['a>new', 'new>r']);
    const created = inserted.nodes.find((each) => each.id === 'new')!;
    expect(created).toMatchObject({ type: 'lighting', name: 'Lumière', option: null, isEnabled: true });
    // On a free cell between the two ends.
    expect(created.x).toBeGreaterThan(270);
    expect(created.x).toBeLessThan(810);
    expect(nearestCell(created)).not.toEqual(nearestCell(document.nodes[0]!));
  });

  it('leaves the document alone for an unknown connection', () => {
    const document = documentOf([node('render', 'r')]);
    expect(insertOnConnection(document, 'nope', 'style', 'new')).toBe(document);
  });
});

describe('toggleExpansion', () => {
  it('expands one node at a time and collapses it on a second click, but never collapses a source node that way', () => {
    const document = documentOf([
      node('style', 'a', cellCenter({ col: 1, row: 0 })),
      node('source', 's', cellCenter({ col: 5, row: 0 })),
    ]);
    const a = toggleExpansion(document, 'a');
    expect(a.nodes.map((each) => each.isExpanded)).toEqual([true, false]);
    const s = toggleExpansion(a, 's');
    expect(s.nodes.map((each) => each.isExpanded)).toEqual([false, true]);
    expect(toggleExpansion(s, 's').nodes.map((each) => each.isExpanded)).toEqual([false, true]);
    expect(toggleExpansion(a, 'a').nodes.map((each) => each.isExpanded)).toEqual([false, false]);
  });
});

describe('copy and paste', () => {
  it('pastes copies with new ids, their inner connections, on free cells, wired by mind-map mode', () => {
    const document = withMindMap(
      documentOf(
        [
          node('render', 'r', cellCenter({ col: 4, row: 1 })),
          node('style', 'a', cellCenter({ col: 1, row: 0 })),
          node('lighting', 'b', cellCenter({ col: 3, row: 0 })),
        ],
        [['a', 'b']],
      ),
    );
    const clipboard = copyNodes(document, ['a', 'b', 'r'])!;
    expect(clipboard.nodes.map((each) => each.id)).toEqual(['a', 'b']);
    const { document: pasted, ids } = pasteNodes(document, clipboard, idSequence('copy'));
    expect(ids).toEqual(['copy1', 'copy2']);
    expect(pairs(pasted)).toEqual(['a>b', 'b>r', 'copy1>copy2', 'copy2>r']);
    expect(new Set(pasted.nodes.map((each) => JSON.stringify(nearestCell(each)))).size).toBe(5);
  });

  it('copies nothing when only the render node is selected', () => {
    expect(copyNodes(documentOf([node('render', 'r')]), ['r'])).toBeNull();
  });
});

describe('ensureResultNode', () => {
  it('creates a result node right of the render node and connects it, once', () => {
    const document = documentOf([node('render', 'r', cellCenter({ col: 4, row: 1 }))]);
    const first = ensureResultNode(document, 'r', 'out');
    expect(first.resultId).toBe('out');
    expect(pairs(first.document)).toEqual(['r>out']);
    expect(nearestCell(first.document.nodes[1]!)).toEqual({ col: 8, row: 1 });
    const again = ensureResultNode(first.document, 'r', 'other');
    expect(again).toEqual({ document: first.document, resultId: 'out' });
  });

  it('connects a lone result node rather than adding another', () => {
    const { document, resultId } = ensureResultNode(
      documentOf([node('render', 'r'), node('result', 'old', cellCenter({ col: 1, row: 0 }))]),
      'r',
      'new',
    );
    expect(resultId).toBe('old');
    expect(pairs(document)).toEqual(['r>old']);
  });
});
