import type { WorkflowDocument } from '@atelier/catalog';
import { withMindMap } from './graph';
import { withExpanded } from './grid';
import { createHistory, record, redo, replacePresent, undo, type History } from './history';

export interface EditorState {
  history: History<WorkflowDocument>;
  /** Goes up with every change worth saving; loading a workflow does not count. */
  revision: number;
}

export type EditorAction =
  /** An undoable change; changes of one gesture make one step. */
  | { type: 'change'; update: (document: WorkflowDocument) => WorkflowDocument; gesture?: string }
  /** A change of what is shown (which node is expanded) that undo leaves alone. */
  | { type: 'view'; update: (document: WorkflowDocument) => WorkflowDocument }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; document: WorkflowDocument };

export function initialEditorState(document: WorkflowDocument): EditorState {
  return { history: createHistory(document), revision: 0 };
}

/**
 * Undo and redo bring nodes, options and connections back but leave the expanded node as it is
 * now, then let the grid make room again.
 */
function keepExpansion(restored: WorkflowDocument, current: WorkflowDocument): WorkflowDocument {
  const expandedId = current.nodes.find((node) => node.isExpanded)?.id ?? null;
  const same = restored.nodes.every((node) => node.isExpanded === (node.id === expandedId));
  return same ? restored : withExpanded(restored, expandedId);
}

function travel(state: EditorState, move: typeof undo): EditorState {
  const moved = move(state.history);
  if (moved === state.history) return state;
  return {
    history: { ...moved, present: keepExpansion(moved.present, state.history.present) },
    revision: state.revision + 1,
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change': {
      const history = record(state.history, withMindMap(action.update(state.history.present)), action.gesture ?? null);
      return history === state.history ? state : { history, revision: state.revision + 1 };
    }
    case 'view': {
      const history = replacePresent(state.history, action.update(state.history.present));
      return history === state.history ? state : { history, revision: state.revision + 1 };
    }
    case 'undo':
      return travel(state, undo);
    case 'redo':
      return travel(state, redo);
    case 'load':
      return initialEditorState(action.document);
  }
}
