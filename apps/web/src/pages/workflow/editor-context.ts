import type { JobProgress } from '../../lib/jobs';
import type { WorkflowDocument } from '@atelier/catalog';
import { createContext, useContext } from 'react';

/** What the canvas' nodes and connections can ask of the editor. */
export interface EditorActions {
  document: WorkflowDocument;
  /** The renders of the current run, as the server reports them (stage, percentage, queue). */
  renders: readonly JobProgress[];
  openPicker: (nodeId: string) => void;
  setEnabled: (nodeId: string, enabled: boolean) => void;
  /** While the slider moves: one undo step per movement. */
  setIntensity: (nodeId: string, intensity: number) => void;
  endIntensity: () => void;
  toggleExpansion: (nodeId: string) => void;
  replacePhoto: (nodeId: string, file: File) => void;
  combine: (nodeId: string) => void;
  viewImage: (nodeId: string) => void;
  selectImage: (nodeId: string, index: number) => void;
  openReferences: () => void;
  insertOnConnection: (connectionId: string) => void;
  run: () => void;
  simpleMode: boolean;
  running: boolean;
}

export const EditorActionsContext = createContext<EditorActions | null>(null);

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorActionsContext);
  if (!actions) throw new Error('useEditorActions outside the workflow editor');
  return actions;
}
