import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** How often the event loop's delay is sampled, in ms. */
export const LAG_RESOLUTION_MS = 10;

export interface Lag {
  /** How late the loop's timer fired beyond its interval (monitorEventLoopDelay), in ms: the 99th percentile and the worst. */
  p99: number;
  max: number;
  /**
   * The 99th percentile of the part of each tick's lateness the main thread spent running (its own
   * CPU time between two ticks): what our code stalled, whatever other processes took of the CPU.
   */
  stallP99: number;
  stallMax: number;
  samples: number;
}

const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

const percentile99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

/**
 * The event loop's lag while `task` runs, sampled every LAG_RESOLUTION_MS. The histogram holds whole
 * intervals, so the interval itself is taken off. On a shared machine most of the wall-clock lag is
 * the scheduler giving the CPU to others; the stall counts only the main thread's own running.
 */
export async function lagDuring(task: () => Promise<unknown>): Promise<Lag> {
  const histogram = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  const stalls: number[] = [];
  let [lastTick, lastCpu] = [performance.now(), cpuMs()];
  const ticking = setInterval(() => {
    const [now, cpu] = [performance.now(), cpuMs()];
    stalls.push(Math.max(0, Math.min(now - lastTick - LAG_RESOLUTION_MS, cpu - lastCpu)));
    [lastTick, lastCpu] = [now, cpu];
  }, LAG_RESOLUTION_MS);
  histogram.enable();
  try {
    await task();
  } finally {
    histogram.disable();
    clearInterval(ticking);
  }
  const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - LAG_RESOLUTION_MS);
  return {
    p99: late(histogram.percentile(99)),
    max: late(histogram.max),
    stallP99: percentile99(stalls),
    stallMax: Math.max(0, ...stalls),
    samples: stalls.length,
  };
}
