import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { sharp } from './sharp';

/**
 * One bounded pool for every piece of image work a request asks for (uploads, composites, the
 * before/after view, thumbnails and art): past its size, work waits its turn here instead of
 * decoding more pictures into memory at once. Generations have their own cap in the job queue.
 */
let pool: LimitFunction = pLimit(availableParallelism());
let peak = 0;

/** How many pieces of image work run at once; libvips' threads per image follow, so the cores are shared, not multiplied. */
export function configureImagePool(size: number): void {
  pool = pLimit(size);
  peak = 0;
  sharp.concurrency(Math.max(1, Math.min(4, Math.ceil(availableParallelism() / size))));
}

/** Runs `work` once the pool has room. */
export function imageWork<T>(work: () => Promise<T>): Promise<T> {
  return pool(async () => {
    peak = Math.max(peak, pool.activeCount);
    return work();
  });
}

/** What the pool is doing now, and the most it ever ran at once (for metrics and tests). */
export function imagePoolStats(): { size: number; active: number; waiting: number; peak: number } {
  return { size: pool.concurrency, active: pool.activeCount, waiting: pool.pendingCount, peak };
}
