// One style thread: renders a style's per-pixel loops off the event loop (see stylise.ts). It
// imports npm packages and `.ts` paths only, so Node runs it as it is (types stripped) from the
// sources and from the server's bundle.
import { setPriority } from 'node:os';
import { move } from 'piscina';
import { BACKGROUND_NICENESS } from '../../../threads/priority.ts';
import { paint, type PaintTask } from './paint.ts';

// Styling yields the CPU to the event loop.
setPriority(BACKGROUND_NICENESS);

/** The styled pixels, handed back to the main thread without a copy (it receives the Uint8Array). */
export default function render(task: PaintTask): ReturnType<typeof move> {
  const styled = paint(task);
  return move(new Uint8Array(styled.buffer, styled.byteOffset, styled.byteLength));
}
