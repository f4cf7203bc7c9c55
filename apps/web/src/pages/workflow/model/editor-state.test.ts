import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from './editor-state';
import { snapNode } from './grid';
import { applyPositions } from './flow';
import { cellCenter } from './grid';
import { documentOf, node } from './test-support';

const start = () =>
  initialEditorState(
    documentOf(
      [node('render', 'r', cellCenter({ col: 4, row: 1 })), node('style', 's', cellCenter({ col: 1, row: 0 }))],
      [['s', 'r']],
    ),
  );

describe('editorReducer', () => {
  it('undoes a whole drag, snapped at the end, in one step', () => {
    let state = start();
    for (const x of [300, 400, 500, 620])
      state = editorReducer(state, {
        type: 'change',
        gesture: 'drag:1',
        update: (document) => applyPositions(document, new Map([['s', { x, y: 480 }]])),
      });
    state = editorReducer(state, {
      type: 'change',
      gesture: 'drag:1',
      update: (document) => snapNode(document, 's', { x: 620, y: 480 }),
    });
    expect(state.history.present.nodes[1]).toMatchObject(cellCenter({ col: 3, row: 2 }));
    state = editorReducer(state, { type: 'undo' });
    expect(state.history.present.nodes[1]).toMatchObject(cellCenter({ col: 1, row: 0 }));
    state = editorReducer(state, { type: 'redo' });
    expect(state.history.present.nodes[1]).toMatchObject(cellCenter({ col: 3, row: 2 }));
  });

  it('wires new nodes to the render node after every change in mind-map mode', () => {
    const state = editorReducer(start(), {
      type: 'change',
      update: (document) => ({
        ...document,
        nodes: [...document.nodes, node('lighting', 'l', cellCenter({ col: 7, row: 0 }))],
      }),
    });
    expect(state.history.present.connections.map((each) => each.id)).toContain('l>r');
  });

  it('counts saved changes but not loading, and leaves the expanded node alone on undo', () => {
    let state = editorReducer(start(), { type: 'change', update: (document) => ({ ...document, renderCount: 3 }) });
    expect(state.revision).toBe(1);
    state = editorReducer(state, {
      type: 'view',
      update: (document) => ({
        ...document,
        nodes: document.nodes.map((each) => ({ ...each, isExpanded: each.id === 'r' })),
      }),
    });
    state = editorReducer(state, { type: 'undo' });
    expect(state.history.present.renderCount).toBe(1);
    expect(state.history.present.nodes[0]!.isExpanded).toBe(true);
    expect(editorReducer(state, { type: 'load', document: start().history.present }).revision).toBe(0);
  });
});
