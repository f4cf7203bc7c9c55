/** The editor's keyboard shortcuts (deleting is the canvas' own). */

export type ShortcutAction = 'undo' | 'redo' | 'copy' | 'paste' | 'fit';

interface Shortcut {
  /** Ctrl, or ⌘ on a Mac. */
  mod: boolean;
  /** Left out where Shift makes no difference. */
  shift?: boolean;
  /** The key's character, lower-cased… */
  key?: string;
  /** …or, where that character depends on the layout, the key's place. */
  code?: string;
  action: ShortcutAction;
  /** Whether the browser's own handling of the key is stopped once the action is done. */
  preventDefault: boolean;
}

const SHORTCUTS: readonly Shortcut[] = [
  { mod: true, shift: false, key: 'z', action: 'undo', preventDefault: true },
  { mod: true, shift: true, key: 'z', action: 'redo', preventDefault: true },
  { mod: true, key: 'y', action: 'redo', preventDefault: true },
  { mod: true, key: 'c', action: 'copy', preventDefault: false },
  { mod: true, key: 'v', action: 'paste', preventDefault: true },
  { mod: false, key: 'f', action: 'fit', preventDefault: false },
  { mod: false, shift: true, code: 'Digit1', action: 'fit', preventDefault: false },
];

type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** The shortcut a key press asks for, if any; Alt combinations are the browser's and the system's. */
export function shortcutFor(press: KeyPress): Shortcut | undefined {
  if (press.altKey) return undefined;
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  return SHORTCUTS.find(
    (shortcut) =>
      shortcut.mod === mod &&
      (shortcut.shift === undefined || shortcut.shift === press.shiftKey) &&
      (shortcut.key === undefined || shortcut.key === key) &&
      (shortcut.code === undefined || shortcut.code === press.code),
  );
}
