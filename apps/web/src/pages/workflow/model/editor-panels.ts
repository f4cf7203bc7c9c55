/** What the editor shows around the workflow: the selection, the open dialogs and where to centre next. */

export interface Selection {
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
}

/** Each dialog of the editor, with what it shows while open. */
export interface DialogContents {
  /** The option node whose option is being chosen. */
  picker: string;
  /** A new node, on a connection or on its own. */
  add: { connectionId: string | null };
  references: true;
  /** The node whose picture is shown full screen. */
  viewer: string;
  /** The balance shown when it is too low to run. */
  credits: number;
  rename: true;
  list: true;
  confirmDelete: true;
}

export type DialogName = keyof DialogContents;

export interface EditorPanels {
  selection: Selection;
  /** The open dialogs; a closed one has no entry. */
  dialogs: Partial<DialogContents>;
  /** A node to bring into view once it is drawn, or 'all' to fit the whole workflow. */
  focus: string | null;
}

export type EditorPanelsAction =
  | { [Name in DialogName]: { type: 'open'; dialog: Name; with: DialogContents[Name] } }[DialogName]
  | { type: 'close'; dialog: DialogName }
  | { type: 'select'; selection: Selection }
  | { type: 'focus'; target: string | null }
  /** Another workflow is in the editor: nothing of the previous one stays selected, and it all shows. */
  | { type: 'switched' };

export const NO_SELECTION: Selection = { nodes: new Set(), edges: new Set() };

export const initialPanels: EditorPanels = { selection: NO_SELECTION, dialogs: {}, focus: null };

export function editorPanelsReducer(state: EditorPanels, action: EditorPanelsAction): EditorPanels {
  switch (action.type) {
    case 'open':
      return { ...state, dialogs: { ...state.dialogs, [action.dialog]: action.with } };
    case 'close': {
      if (!(action.dialog in state.dialogs)) return state;
      const { [action.dialog]: _closed, ...dialogs } = state.dialogs;
      return { ...state, dialogs };
    }
    case 'select':
      return { ...state, selection: action.selection };
    case 'focus':
      return state.focus === action.target ? state : { ...state, focus: action.target };
    case 'switched':
      return { ...state, selection: NO_SELECTION, focus: 'all' };
  }
}
