import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, record, redo, replacePresent, undo } from './history';

describe('history', () => {
  it('undoes and redoes step by step, and a new change clears what could be redone', () => {
    let history = record(record(createHistory(0), 1), 2);
    history = undo(history);
    expect(history.present).toBe(1);
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toBe(2);
    history = record(undo(history), 5);
    expect(history.present).toBe(5);
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe(1);
  });

  it('keeps at least 50 steps', () => {
    let history = createHistory(0);
    for (let step = 1; step <= 60; step += 1) history = record(history, step);
    for (let step = 0; step < 50; step += 1) history = undo(history);
    expect(history.present).toBe(10);
    expect(canUndo(history)).toBe(true);
  });

  it('makes one step of a gesture however many changes it has', () => {
    let history = record(createHistory({ x: 0 }), { x: 1 });
    for (let x = 2; x <= 20; x += 1) history = record(history, { x }, 'drag:1');
    expect(history.present).toEqual({ x: 20 });
    history = undo(history);
    expect(history.present).toEqual({ x: 1 });
    // The same gesture name after an undo starts a new step.
    history = record(record(history, { x: 30 }, 'drag:1'), { x: 31 }, 'drag:2');
    expect(undo(history).present).toEqual({ x: 30 });
  });

  it('folds a change into the present without making a step', () => {
    const history = replacePresent(record(createHistory('a'), 'b'), 'b+');
    expect(history.present).toBe('b+');
    expect(undo(history).present).toBe('a');
  });
});
