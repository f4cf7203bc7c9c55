import { AppError } from '../shared/errors';

/** How long a worker seen holds: a burst of requests asks Redis once. */
const WORKERS_CHECK_MS = 2000;
/** A worker (re)starting takes seconds; a client asked to wait for one tries again after this. */
export const NO_WORKER_RETRY_AFTER_SECONDS = 30;

export const workerMessages = {
  none: "Aucun moteur de génération ne tourne en ce moment : rien n'a été débité. Réessayez dans quelques instants.",
} as const;

/**
 * Whether any process takes the work of a queue (generations, thumbnails): a web server that runs
 * none itself answers a caller who would wait for one at once, instead of holding the request.
 */
export class WorkerPresence {
  private seen: { at: number; alive: Promise<boolean> } | undefined;

  constructor(private readonly countWorkers: () => Promise<number>) {}

  /** A worker seen is trusted for a moment; none seen is asked again each time, so a started worker counts at once. */
  alive(): Promise<boolean> {
    const now = Date.now();
    if (!this.seen || now - this.seen.at > WORKERS_CHECK_MS) {
      const alive = this.countWorkers().then((count) => count > 0);
      this.seen = { at: now, alive };
      const forget = () => {
        if (this.seen?.alive === alive) this.seen = undefined;
      };
      alive.then((yes) => yes || forget(), forget);
    }
    return this.seen.alive;
  }

  /**
   * Before a call that would wait `waitMs` for its job: a 503 with Retry-After when no worker runs,
   * before anything is queued or held. A call that does not wait (202 with the job) is always taken.
   */
  async requireForWait(waitMs: number): Promise<void> {
    if (waitMs > 0 && !(await this.alive()))
      throw new AppError('UNAVAILABLE', workerMessages.none, {
        clientCode: 'no_worker',
        retryAfterSeconds: NO_WORKER_RETRY_AFTER_SECONDS,
      });
  }
}
