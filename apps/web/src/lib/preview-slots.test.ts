import { describe, expect, it } from 'vitest';
import { takePreviewSlot } from './preview-slots';

describe('preview slots', () => {
  it('lets two previews load at once, the next when one is done, and never one whose tile has gone', () => {
    const granted: string[] = [];
    const take = (name: string) => takePreviewSlot(() => granted.push(name));
    const first = take('first');
    const second = take('second');
    const gone = take('gone');
    const third = take('third');
    expect(granted).toEqual(['first', 'second']);
    // The tile of a waiting preview leaves the screen: its preview is never asked for.
    gone();
    first();
    expect(granted).toEqual(['first', 'second', 'third']);
    // Giving a slot back twice frees one slot, not two.
    first();
    const fourth = take('fourth');
    expect(granted).toEqual(['first', 'second', 'third']);
    second();
    expect(granted).toEqual(['first', 'second', 'third', 'fourth']);
    third();
    fourth();
  });
});
