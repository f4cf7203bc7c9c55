import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobQueue, JobRunner, QueuedJob, QueueLimits } from './queue';

export interface BullMqQueueOptions {
  /** For queueing, removing and placing jobs (requests wait on these): shared with others. */
  connection: Redis;
  /** For the worker: its commands must wait out a Redis restart (`maxRetriesPerRequest: null`). */
  workerConnection: Redis;
  /** Shared by every instance of one deployment: their workers take jobs from one queue. */
  prefix: string;
  limits: QueueLimits;
  /**
   * How long a worker's hold on a running job lasts unrenewed (BullMQ's lock, renewed at half of
   * it): past it the job is stalled and goes back in line, as the job's lease in the database does.
   */
  lockMs?: number | undefined;
  /** Other work this queue's workers take, after every waiting generation (see LowerPriorityWork). */
  alongside?: LowerPriorityWork;
  log?: { error(object: unknown, message: string): void };
}

/**
 * Work of another kind that the generations' workers also take (the previews a web server asks
 * for: see ThumbnailRequests), within the same concurrency. Its jobs carry a BullMQ priority and a
 * generation none, and BullMQ hands out every job without one first: a paid generation is taken
 * before any preview queued before it, and previews never add to what a worker runs at once.
 */
export interface LowerPriorityWork {
  /** Its jobs' name on the queue. */
  name: string;
  run(data: unknown): Promise<unknown>;
  /** Once its job has left the queue: done, or failed with `error`. */
  settled(data: unknown, error?: Error): void;
}

/** The queue's name in Redis: the generations', which the previews share (see LowerPriorityWork). */
export const GENERATION_QUEUE = 'generations';
/** What a generation is called on the queue; work alongside has names of its own. */
const GENERATION = 'generation';
/**
 * A user's running slot that its process stopped refreshing (it died) is free again after this;
 * and a job parked while its user was at the cap comes back after it even if no finishing job of
 * the user woke it (that job's process died).
 */
const SLOT_LEASE_MS = 60_000;
const SLOT_REFRESH_MS = SLOT_LEASE_MS / 6;

/**
 * Takes a running slot of the user's (KEYS[1], a sorted set of slot → expiry) for ARGV[1], or
 * keeps it: 1 when held, 0 when the user already runs ARGV[3] jobs. Redis's clock, so that
 * instances whose clocks differ agree on what expired.
 */
const HOLD_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * Parks job ARGV[1] in the user's list (KEYS[2]) for the next of the user's jobs that finishes to
 * wake it, unless a slot freed since it was refused one (then 0: it goes back in line at once).
 * Atomic with the slot count, so a job finishing in between either sees it parked or left it a
 * free slot: no wake-up is lost.
 */
const PARK = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  return 0
end
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/**
 * The queue shared by every instance, on BullMQ: each process's worker runs at most
 * `concurrency` jobs; a user's jobs run at most `perUser` at once across all instances. A
 * worker that picks a job whose user is at the cap moves it to BullMQ's delayed set (its
 * documented way out of a running processor) and parks it in the user's list; the user's next
 * job to finish promotes it back to the waiting line. Stalled jobs (a worker that died) go back
 * in line as BullMQ does; a job handed out twice still runs once, as the job service claims each
 * job in the database before running it.
 */
export class BullMqQueue implements JobQueue {
  private readonly queue: Queue<QueuedJob>;
  private worker: Worker<QueuedJob> | null = null;

  constructor(private readonly options: BullMqQueueOptions) {
    this.queue = new Queue<QueuedJob>(GENERATION_QUEUE, {
      connection: options.connection,
      prefix: options.prefix,
      // The database keeps each job's story; Redis only the jobs still to run.
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on('error', (error) => options.log?.error({ err: error }, 'generation queue error'));
  }

  async add(job: QueuedJob): Promise<void> {
    // The job's own id: BullMQ ignores a job whose id it already holds.
    await this.queue.add(GENERATION, job, { jobId: bullId(job.jobId) });
  }

  async remove(jobId: number): Promise<void> {
    // BullMQ leaves a job a worker holds: that worker's claim in the database then finds it canceled.
    await this.queue.remove(bullId(jobId));
  }

  async placeOf(jobId: number): Promise<number | null> {
    const id = bullId(jobId);
    const waiting = await this.queue.getRanges(['wait'], 0, -1, true);
    const index = waiting.indexOf(id);
    if (index >= 0) return index;
    const job = await this.queue.getJob(id);
    if (!job || (await job.getState()) !== 'delayed') return null;
    // Parked: it goes back behind every waiting job, after the user's jobs parked before it.
    const parkedAhead = await this.options.connection.lpos(this.parkedKey(job.data.userId), String(jobId));
    return waiting.length + (parkedAhead ?? 0);
  }

  async start(run: JobRunner): Promise<void> {
    const alongside = this.options.alongside;
    const alongsideFor = (job: Job) => (alongside && job.name === alongside.name ? alongside : null);
    this.worker = new Worker<QueuedJob>(
      GENERATION_QUEUE,
      (job, token) => alongsideFor(job)?.run(job.data) ?? this.process(job, token, run),
      {
        connection: this.options.workerConnection,
        prefix: this.options.prefix,
        concurrency: this.options.limits.concurrency,
        ...(this.options.lockMs ? { lockDuration: this.options.lockMs, stalledInterval: this.options.lockMs } : {}),
      },
    );
    this.worker.on('error', (error) => this.options.log?.error({ err: error }, 'generation worker error'));
    // Told once the job has left the queue (removed with its completion, atomically): whoever asks
    // again before that joins this job and hears this, whoever asks after queues a new one.
    this.worker.on('completed', (job) => alongsideFor(job)?.settled(job.data));
    this.worker.on('failed', (job, error) => {
      if (job) alongsideFor(job)?.settled(job.data, error);
    });
    await this.worker.waitUntilReady();
  }

  /** BullMQ names each worker's Redis connection: the workers of every instance, from Redis's client list. */
  workers(): Promise<number> {
    return this.queue.getWorkersCount();
  }

  /** Stops taking jobs, waits for the running ones, and lets go of the queue (not of the shared connection). */
  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }

  private async process(job: Job<QueuedJob>, token: string | undefined, run: JobRunner): Promise<void> {
    const { userId } = job.data;
    const slot = `${job.data.jobId}:${token}`;
    if (!(await this.holdSlot(userId, slot))) {
      await job.moveToDelayed(Date.now() + SLOT_LEASE_MS, token);
      const parked = await this.options.workerConnection.eval(
        PARK,
        2,
        this.slotsKey(userId),
        this.parkedKey(userId),
        job.data.jobId,
        this.options.limits.perUser,
        SLOT_LEASE_MS,
      );
      if (parked === 0) await job.promote();
      throw new DelayedError();
    }
    const refresh = setInterval(
      () =>
        void this.holdSlot(userId, slot).catch((error: unknown) =>
          this.options.log?.error({ err: error }, 'generation slot not refreshed'),
        ),
      SLOT_REFRESH_MS,
    );
    refresh.unref();
    let outcome: Awaited<ReturnType<JobRunner>>;
    try {
      outcome = await run(job.data);
    } finally {
      clearInterval(refresh);
      await this.releaseSlot(userId, slot);
    }
    if (outcome === 'handed-back') {
      // Back in line at once (BullMQ's way out of a running processor): another worker takes it.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
  }

  private async holdSlot(userId: number, slot: string): Promise<boolean> {
    return (
      (await this.options.workerConnection.eval(
        HOLD_SLOT,
        1,
        this.slotsKey(userId),
        slot,
        SLOT_LEASE_MS,
        this.options.limits.perUser,
      )) === 1
    );
  }

  /** Frees the slot, then wakes the user's oldest parked job. */
  private async releaseSlot(userId: number, slot: string): Promise<void> {
    const redis = this.options.workerConnection;
    await redis.zrem(this.slotsKey(userId), slot);
    for (let next = await redis.lpop(this.parkedKey(userId)); next; next = await redis.lpop(this.parkedKey(userId))) {
      const parked = await this.queue.getJob(bullId(Number(next)));
      // Gone (canceled), or back in line already (its delay ran out): wake the next one.
      if (
        parked &&
        (await parked.promote().then(
          () => true,
          () => false,
        ))
      )
        return;
    }
  }

  private slotsKey(userId: number): string {
    return `${this.options.prefix}:generation-slots:${userId}`;
  }

  private parkedKey(userId: number): string {
    return `${this.options.prefix}:generation-parked:${userId}`;
  }
}

/** BullMQ refuses ids that are integers. */
function bullId(jobId: number): string {
  return `job-${jobId}`;
}
