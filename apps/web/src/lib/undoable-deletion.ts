import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from './toast';

/** How long a deletion can be taken back from its toast before it reaches the server. */
export const UNDO_DELETE_MS = 6000;

interface Deletion {
  /** Deletes them on the server (the time to take it back is over, or the list left the screen). */
  send: (ids: number[]) => void;
  /** Deletes them from a page being unloaded: by a request the browser finishes after the page is gone. */
  sendOnExit: (ids: number[]) => void;
  /** The toast that offers "Annuler" for these ids. */
  told: (ids: readonly number[]) => { title: string; description?: string };
}

/**
 * Deleting items of a list so that it can be taken back: they are hidden at once and reach the
 * server only after UNDO_DELETE_MS, with "Annuler" in the toast meanwhile; leaving the list sends
 * them at once. `remaining` is `items` without the hidden ones; `restore` shows again those whose
 * deletion failed.
 */
export function useUndoableDeletion<Item extends { id: number }>(items: readonly Item[], deletion: Deletion) {
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<number>>(new Set());
  const scheduled = useRef<{ ids: number[]; timer: ReturnType<typeof setTimeout> } | null>(null);
  const restore = (ids: readonly number[]) =>
    setHiddenIds((current) => new Set([...current].filter((id) => !ids.includes(id))));
  /** The pending deletion, no longer pending: its timer stopped, its ids handed back. */
  const takeScheduled = () => {
    const batch = scheduled.current;
    if (!batch) return null;
    clearTimeout(batch.timer);
    scheduled.current = null;
    return batch.ids;
  };

  // The latest render's callbacks, for the timer and the page's exit.
  const latest = useRef(deletion);
  latest.current = deletion;
  const sendScheduled = useRef(() => {});
  sendScheduled.current = () => {
    const ids = takeScheduled();
    if (ids) latest.current.send(ids);
  };
  useEffect(() => {
    const sendOnExit = () => {
      const ids = takeScheduled();
      if (ids) latest.current.sendOnExit(ids);
    };
    window.addEventListener('pagehide', sendOnExit);
    return () => {
      window.removeEventListener('pagehide', sendOnExit);
      sendScheduled.current();
    };
  }, []);

  const undo = () => {
    const ids = takeScheduled();
    if (!ids) return;
    restore(ids);
    toast({ title: 'Suppression annulée' });
  };

  /** Hides the items now and deletes them once the time to take it back is over. */
  const deleteLater = (ids: readonly number[]) => {
    if (ids.length === 0) return;
    sendScheduled.current();
    setHiddenIds((current) => new Set([...current, ...ids]));
    scheduled.current = { ids: [...ids], timer: setTimeout(() => sendScheduled.current(), UNDO_DELETE_MS) };
    toast({ ...deletion.told(ids), action: { label: 'Annuler', onClick: undo }, durationMs: UNDO_DELETE_MS });
  };

  const remaining = useMemo(() => items.filter((item) => !hiddenIds.has(item.id)), [items, hiddenIds]);
  return { deleteLater, remaining, restore };
}
