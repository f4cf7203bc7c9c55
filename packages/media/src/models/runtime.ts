import { Piscina } from 'piscina';
import type { ModelRun, ModelRunResult } from './protocol';

/**
 * The model threads' script: the TypeScript source next to this file (Node strips its types), or,
 * in the server's bundle, the `model-worker.js` built beside `main.js` (apps/server/build.mjs).
 */
const WORKER_FILE = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './model-worker.js', import.meta.url);

/** A model thread that has nothing to do for this long is stopped, and its memory returned. */
const IDLE_MS = 10 * 60_000;

let threadsStarted = 0;

/**
 * Model threads this process has started, each loading TensorFlow.js and its models: a process that
 * never ran a model (a web server, ATELIER_ROLE=web) has started none.
 */
export function modelThreadsStarted(): number {
  return threadsStarted;
}

export interface ModelRuntimeOptions {
  /** Model threads at most: the job concurrency, since each job runs its models one after the other. */
  threads: number;
}

/**
 * Runs neural models off the event loop: a pool of worker threads, each with TensorFlow.js on
 * WebAssembly and every model it was asked for loaded once from node_modules. Per-model modules
 * (matting.ts, faces.ts, pose.ts, super-resolution.ts) prepare the tensors and read the outputs; this only carries them.
 */
export class ModelRuntime {
  private readonly pool: Piscina<ModelRun, ModelRunResult>;
  /** Model threads at most: how many runs go at once. */
  readonly parallelism: number;

  constructor({ threads }: ModelRuntimeOptions) {
    this.parallelism = Math.max(1, threads);
    this.pool = new Piscina({
      filename: WORKER_FILE.href,
      minThreads: 0,
      maxThreads: this.parallelism,
      idleTimeout: IDLE_MS,
    });
    this.pool.on('workerCreate', () => {
      threadsStarted += 1;
    });
  }

  /** Runs a graph or layers model (loading it in the thread that takes the run, if that thread has not yet). */
  run(request: ModelRun, signal?: AbortSignal): Promise<ModelRunResult> {
    return this.pool.run(request, signal ? { signal } : {});
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  /** Stops the threads; runs already taken finish first. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
