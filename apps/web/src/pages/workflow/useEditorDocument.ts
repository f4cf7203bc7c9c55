import type { WorkflowDocument } from '@atelier/catalog';
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { editorReducer, initialEditorState } from './model/editor-state';
import { canRedo, canUndo } from './model/history';

export type DocumentUpdate = (document: WorkflowDocument) => WorkflowDocument;

/** The workflow being edited, with undo/redo; a drag or a slider movement is one step. */
export function useEditorDocument(initial: WorkflowDocument) {
  const [state, dispatch] = useReducer(editorReducer, initial, initialEditorState);
  /** Numbers the gestures: every change sent with the same gesture name joins one undo step. */
  const gestureSerial = useRef(0);

  const change = useCallback(
    (update: DocumentUpdate, gesture?: string) => dispatch({ type: 'change', update, gesture }),
    [],
  );
  const view = useCallback((update: DocumentUpdate) => dispatch({ type: 'view', update }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const load = useCallback((document: WorkflowDocument) => dispatch({ type: 'load', document }), []);
  /** The name of the gesture under way, e.g. `drag:12`. */
  const gesture = useCallback((kind: string) => `${kind}:${gestureSerial.current}`, []);
  /** Ends the gesture under way: the next change starts a new undo step. */
  const endGesture = useCallback(() => {
    gestureSerial.current += 1;
  }, []);

  return useMemo(
    () => ({
      document: state.history.present,
      revision: state.revision,
      canUndo: canUndo(state.history),
      canRedo: canRedo(state.history),
      change,
      view,
      undo,
      redo,
      load,
      gesture,
      endGesture,
    }),
    [state, change, view, undo, redo, load, gesture, endGesture],
  );
}

export type EditorDocument = ReturnType<typeof useEditorDocument>;
