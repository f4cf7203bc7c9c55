import { describe, expect, it } from 'vitest';
import { editorPanelsReducer, initialPanels, NO_SELECTION, type EditorPanelsAction } from './editor-panels';

const run = (...actions: EditorPanelsAction[]) => actions.reduce(editorPanelsReducer, initialPanels);

describe('editorPanelsReducer', () => {
  it('keeps the option picker of a chosen node open when the add dialog closes behind it', () => {
    const state = run(
      { type: 'open', dialog: 'add', with: { connectionId: 'a>b' } },
      { type: 'open', dialog: 'picker', with: 'n1' },
      { type: 'close', dialog: 'add' },
    );
    expect(state.dialogs).toEqual({ picker: 'n1' });
  });

  it('shows the balance when it is too low, and forgets it once closed', () => {
    const open = run({ type: 'open', dialog: 'credits', with: 0 });
    expect(open.dialogs.credits).toBe(0);
    expect(editorPanelsReducer(open, { type: 'close', dialog: 'credits' }).dialogs).toEqual({});
  });

  it('changes nothing when a closed dialog is closed again', () => {
    expect(editorPanelsReducer(initialPanels, { type: 'close', dialog: 'rename' })).toBe(initialPanels);
  });

  it('clears the selection and fits the new workflow after a switch', () => {
    const state = run(
      { type: 'select', selection: { nodes: new Set(['n1']), edges: new Set(['n1>n2']) } },
      { type: 'focus', target: 'n1' },
      { type: 'switched' },
    );
    expect(state.selection).toBe(NO_SELECTION);
    expect(state.focus).toBe('all');
  });

  it('forgets the node to centre once it has been centred', () => {
    const focused = run({ type: 'focus', target: 'n2' });
    expect(focused.focus).toBe('n2');
    expect(editorPanelsReducer(focused, { type: 'focus', target: null }).focus).toBeNull();
  });
});
