/** A job waiting for its turn: who asked matters for the per-user cap. */
export interface QueuedJob {
  jobId: number;
  userId: number;
}

export interface QueueLimits {
  /** Jobs running at once in this process (GENERATION_CONCURRENCY). */
  concurrency: number;
  /** Jobs of one user running at once; the user's others wait their turn. */
  perUser: number;
}

export type JobRunner = (job: QueuedJob) => Promise<'handed-back' | void>;

/**
 * Where generations wait for an engine: in this process, or BullMQ on Redis (asynchronous, hence
 * the promises). It only hands job ids to `run`: the job's row says whether it still needs running.
 */
export interface JobQueue {
  /** Queues a job; a job already waiting is not queued twice. */
  add(job: QueuedJob): Promise<void>;
  /** Takes a waiting job out (a cancel); nothing happens when it is not waiting. */
  remove(jobId: number): Promise<void>;
  /** How many jobs would start before this one (0: it is next), or null when it is not waiting. */
  placeOf(jobId: number): Promise<number | null>;
  /**
   * Starts handing jobs to `run`, never more at once than the limits allow. A run resolving to
   * 'handed-back' (its process stopping) goes back in line for another process.
   */
  start(run: JobRunner): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
  /** How many processes take jobs now: this one once started, or every worker Redis knows. */
  workers(): Promise<number>;
}

/**
 * The default queue, in this process: first come first served, within the process's and each
 * user's cap, so one user's batch never keeps everyone else waiting behind it.
 */
export class InProcessQueue implements JobQueue {
  private readonly waiting: QueuedJob[] = [];
  private readonly runningPerUser = new Map<number, number>();
  private readonly running = new Set<Promise<void>>();
  private run: JobRunner | null = null;
  private closed = false;

  constructor(private readonly limits: QueueLimits) {}

  async add(job: QueuedJob): Promise<void> {
    if (this.waiting.some((waiting) => waiting.jobId === job.jobId)) return;
    this.waiting.push(job);
    this.pump();
  }

  async remove(jobId: number): Promise<void> {
    const index = this.waiting.findIndex((job) => job.jobId === jobId);
    if (index >= 0) this.waiting.splice(index, 1);
  }

  async placeOf(jobId: number): Promise<number | null> {
    const index = this.waiting.findIndex((job) => job.jobId === jobId);
    return index < 0 ? null : index;
  }

  async workers(): Promise<number> {
    return this.run && !this.closed ? 1 : 0;
  }

  /** A job handed back stays queued in the database: the next start of this process runs it. */
  async start(run: JobRunner): Promise<void> {
    this.run = run;
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running]);
  }

  /** Starts every waiting job the caps allow, oldest first. */
  private pump(): void {
    const run = this.run;
    if (!run || this.closed) return;
    for (let index = 0; index < this.waiting.length && this.running.size < this.limits.concurrency;) {
      const job = this.waiting[index]!;
      const ofUser = this.runningPerUser.get(job.userId) ?? 0;
      if (ofUser >= this.limits.perUser) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      this.runningPerUser.set(job.userId, ofUser + 1);
      const running: Promise<void> = run(job)
        .then(
          () => undefined,
          () => undefined,
        ) // the runner records its own failures
        .finally(() => {
          this.running.delete(running);
          const left = (this.runningPerUser.get(job.userId) ?? 1) - 1;
          if (left > 0) this.runningPerUser.set(job.userId, left);
          else this.runningPerUser.delete(job.userId);
          this.pump();
        });
      this.running.add(running);
    }
  }
}
