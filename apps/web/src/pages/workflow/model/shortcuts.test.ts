import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

const press = (
  key: string,
  modifiers: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {},
  code = '',
) =>
  shortcutFor({
    key,
    code,
    ctrlKey: modifiers.ctrl ?? false,
    metaKey: modifiers.meta ?? false,
    shiftKey: modifiers.shift ?? false,
    altKey: modifiers.alt ?? false,
  });

describe('shortcutFor', () => {
  it('undoes with Ctrl+Z or ⌘Z and redoes with Shift or Y', () => {
    expect(press('z', { ctrl: true })?.action).toBe('undo');
    expect(press('z', { meta: true })?.action).toBe('undo');
    expect(press('Z', { ctrl: true, shift: true })?.action).toBe('redo');
    expect(press('y', { ctrl: true })?.action).toBe('redo');
    expect(press('Y', { meta: true, shift: true })?.action).toBe('redo');
  });

  it('copies and pastes nodes, leaving the browser its own copy', () => {
    expect(press('c', { ctrl: true })).toMatchObject({ action: 'copy', preventDefault: false });
    expect(press('v', { meta: true })).toMatchObject({ action: 'paste', preventDefault: true });
  });

  it('fits the view with F or Shift+1 whatever the keyboard layout', () => {
    expect(press('f')?.action).toBe('fit');
    expect(press('F', { shift: true })?.action).toBe('fit');
    expect(press('!', { shift: true }, 'Digit1')?.action).toBe('fit');
    expect(press('1', {}, 'Digit1')).toBeUndefined();
  });

  it('leaves other keys and every Alt combination alone', () => {
    expect(press('z')).toBeUndefined();
    expect(press('f', { ctrl: true })).toBeUndefined();
    expect(press('z', { ctrl: true, alt: true })).toBeUndefined();
    expect(press('f', { alt: true })).toBeUndefined();
  });
});
