import { HISTORY_LIMIT } from './constants';

/** Undo/redo over immutable states. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The gesture the present state belongs to: a drag or a slider movement is one step. */
  gesture: string | null;
}

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], gesture: null };
}

/**
 * A new state. Changes sharing the `gesture` of the previous one replace it instead of adding a
 * step, so undo takes a whole drag or slider movement back at once.
 */
export function record<T>(
  history: History<T>,
  next: T,
  gesture: string | null = null,
  limit = HISTORY_LIMIT,
): History<T> {
  if (next === history.present) return history;
  if (gesture !== null && gesture === history.gesture) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-limit), present: next, future: [], gesture };
}

/** A change that is not a step of its own (a server answer folded into the present). */
export function replacePresent<T>(history: History<T>, next: T): History<T> {
  return next === history.present ? history : { ...history, present: next };
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0;
export const canRedo = <T>(history: History<T>) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    gesture: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, gesture: null };
}
