import { randomInt } from 'node:crypto';
import { GenerationJob, LockMode, User, type EntityManager, type JobKind } from '@atelier/db';
import { ledger } from '../credits/ledger';
import { AppError } from '../shared/errors';
import { faultNamed, isFaultCode } from '../shared/faults';
import type { ImageJobInput, JobInput, JobResult } from './contracts';
import { TypicalDurations } from './durations';
import { FINISHED_STATUSES, JobEvents, type JobSnapshot, type JobSnapshotOf } from './events';
import { endJob, jobMessages } from './lifecycle';
import { holdRef } from './paid-results';
import { jobCredits } from './price';
import { recoverJobs } from './recovery';
import { JobRuns } from './runner';
import { JobSnapshots } from './snapshots';
import type { JobParts, JobServiceOptions } from './types';
import { WorkerPresence } from './workers';

/** How long the spec's synchronous calls wait for their job before answering 202 with its id. */
export const IMAGE_WAIT_MS = 2 * 60_000;
export const VIDEO_WAIT_MS = 10 * 60_000;

/** By default, a running job not touched for this long belongs to a process that died. */
export const JOB_LEASE_MS = 60_000;

export class JobPendingError extends AppError {
  constructor(readonly jobId: number) {
    super('UNAVAILABLE', jobMessages.pending, { clientCode: 'job_pending' });
  }
}

/**
 * Every generation is a job: submitted (its credits held, keyed by the job), queued, run by the
 * queue within its caps, and finished exactly once — succeeded (result recorded and credits
 * settled in one transaction), failed or canceled (credits released). Nothing else runs an engine.
 * The moves of a job are `lifecycle.ts`'s, its runs `runner.ts`'s, what clients see `snapshots.ts`'s.
 */
export class JobService {
  readonly events: JobEvents;
  private maintenance: NodeJS.Timeout | undefined;
  private readonly closing = new AbortController();
  /** Aborted when the server shuts down: the progress streams end, so it need not wait for them. */
  readonly shutdown = this.closing.signal;
  /** Whether any process runs generations: a synchronous call does not wait for none. */
  readonly workers: WorkerPresence;
  private readonly parts: JobParts;
  private readonly runs: JobRuns;

  constructor(private readonly options: JobServiceOptions) {
    this.events = options.events ?? new JobEvents();
    this.workers = new WorkerPresence(() => options.queue.workers());
    const snapshots = new JobSnapshots(options.queue, new TypicalDurations(options.orm), options.log);
    this.parts = { ...options, events: this.events, snapshots, leaseMs: options.leaseMs ?? JOB_LEASE_MS };
    this.runs = new JobRuns(this.parts);
  }

  /**
   * Starts running queued jobs, after taking back the jobs a dead process left behind; then looks
   * again every half lease, for the jobs of instances that die while this one runs.
   */
  async start(): Promise<void> {
    await this.recover();
    await this.options.queue.start(this.runs.take);
    this.maintenance = setInterval(() => {
      this.recover().catch((error: unknown) => this.options.log?.error({ err: error }, 'job recovery failed'));
    }, this.parts.leaseMs / 2);
    this.maintenance.unref();
  }

  /** Ends the progress streams: called before the server waits for its connections to close. */
  endStreams(): void {
    this.closing.abort();
  }

  /** Jobs running in this process now. */
  get running(): number {
    return this.runs.count;
  }

  /**
   * Takes no more jobs and waits for the running ones, at most `graceMs`; then hands back those
   * still running (queued again, the attempt not counted, for another worker to take) and gives
   * up on a queue that does not close (Redis gone), within `handBackMs`.
   */
  async close({
    graceMs = Infinity,
    handBackMs = 5_000,
  }: { graceMs?: number; handBackMs?: number } = {}): Promise<void> {
    clearInterval(this.maintenance);
    const closed = this.options.queue.close();
    if (await settlesWithin(closed, graceMs)) return;
    if (!(await settlesWithin(Promise.allSettled([this.runs.handBack(), closed]), handBackMs)))
      this.options.log?.error(
        { running: this.runs.count },
        'job queue not closed in time (is Redis reachable?): stopping anyway, the leases recover what is left',
      );
  }

  /**
   * Makes a job and holds its credits in one transaction (refused with 402 when the balance is
   * short: then nothing is left behind), then queues it. `prepare` runs in that transaction too,
   * for what belongs to the job from the start (a video card), and gives the part of its input
   * that needs the job's id (the card's id).
   */
  async submit<K extends JobKind, Prepared extends Partial<JobInput<K>> = object>(
    em: EntityManager,
    request: { userId: number; kind: K; input: Omit<JobInput<K>, keyof NoInfer<Prepared>>; seed?: number | undefined },
    prepare?: (tx: EntityManager, jobId: number) => Promise<Prepared>,
  ): Promise<JobSnapshot> {
    const work = this.options.kinds[request.kind];
    // An option the configured engine cannot render as named (the local engine's cloud-only ones) is
    // refused here, before a job or a hold exists.
    const refusal = namesOptions(request.input)
      ? this.options.media.images.refusal?.(request.input.selection)
      : undefined;
    if (refusal) throw new AppError('VALIDATION', refusal);
    // Its price is decided here, from what it asks, and held, then captured, at that amount.
    const credits = await jobCredits(this.options.media, request.kind === 'video' ? 'video' : 'image', {
      // Every kind's input names its source picture and its prompt (contracts.ts).
      ...(request.input as unknown as Pick<ImageJobInput, 'sourceKey' | 'prompt'>),
      selection: namesOptions(request.input) ? request.input.selection : {},
    });
    const jobId = await em.transactional(async (tx) => {
      // The user's row first: the job's foreign key would otherwise share-lock it before the
      // balance update needs it exclusively, and simultaneous submits would deadlock on MySQL.
      await tx.findOneOrFail(User, request.userId, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
      const id = await tx.insert(GenerationJob, {
        owner: request.userId,
        kind: request.kind,
        input: request.input,
        status: 'queued',
        progress: 0,
        stage: jobMessages.queued,
        attempts: 0,
        seed: request.seed ?? randomInt(2 ** 31),
        credits,
        engine: request.kind === 'video' ? this.options.media.videos.name : this.options.media.images.name,
        createdAt: new Date(),
      });
      await ledger.reserve(tx, {
        userId: request.userId,
        cost: credits,
        externalRef: holdRef(id),
        description: work.describe(namesOptions(request.input) ? request.input.selection : undefined),
        reason: request.kind === 'video' ? 'video' : 'transformation',
      });
      if (prepare)
        await tx.nativeUpdate(GenerationJob, { id }, { input: { ...request.input, ...(await prepare(tx, id)) } });
      return id;
    });
    // Queued in the database already: should the queue fail now, the next recovery queues it again.
    await this.options.queue
      .add({ jobId, userId: request.userId })
      .catch((error: unknown) => this.options.log?.error({ err: error, jobId }, 'job not queued'));
    const snapshot = await this.parts.snapshots.read(em, jobId);
    this.events.publish(snapshot);
    return snapshot;
  }

  /** The job as its owner sees it; NOT_FOUND for anyone else's. */
  async get(em: EntityManager, userId: number, jobId: number): Promise<JobSnapshot> {
    const job = await em.findOne(GenerationJob, { id: jobId, owner: userId }, { disableIdentityMap: true });
    if (!job) throw new AppError('NOT_FOUND', jobMessages.notFound);
    return this.parts.snapshots.current(job);
  }

  /** The user's jobs still queued or running, oldest first. */
  async active(em: EntityManager, userId: number): Promise<JobSnapshot[]> {
    const jobs = await em.find(
      GenerationJob,
      { owner: userId, status: { $in: ['queued', 'running'] } },
      { orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    return Promise.all(jobs.map((job) => this.parts.snapshots.current(job)));
  }

  /**
   * Waits for the job to finish, at most `timeoutMs`: the final snapshot, or JobPendingError
   * (with the job's id) when it is still queued or running by then.
   */
  async wait<K extends JobKind>(
    em: EntityManager,
    job: { id: number; kind: K },
    timeoutMs: number,
  ): Promise<JobSnapshotOf<K>> {
    let stop = () => {};
    const finished = new Promise<JobSnapshotOf<K>>((resolve) => {
      stop = this.events.subscribe(job.id, (snapshot) => {
        if (FINISHED_STATUSES.includes(snapshot.status) && isOfKind(snapshot, job.kind)) resolve(snapshot);
      });
    });
    try {
      const now = await this.parts.snapshots.read(em, job.id);
      if (FINISHED_STATUSES.includes(now.status) && isOfKind(now, job.kind)) return now;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const result = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (!result) throw new JobPendingError(job.id);
      return result;
    } finally {
      stop();
    }
  }

  /** The finished job's result, or its failure as the error a client gets (canceled: 409). */
  static outcome<K extends JobKind>(snapshot: JobSnapshotOf<K>): JobResult<K> {
    if (snapshot.status === 'succeeded' && snapshot.result) return snapshot.result;
    if (snapshot.status === 'canceled') throw new AppError('CONFLICT', jobMessages.canceledByUser);
    // A fault of the server's own (a full disk) is answered as such: 507 or 503, to retry later.
    if (isFaultCode(snapshot.errorCode)) throw faultNamed(snapshot.errorCode);
    throw new AppError(snapshot.errorCode ?? 'UPSTREAM', snapshot.error ?? jobMessages.failed);
  }

  /**
   * Cancels a queued or running job of the user's: its credits come back, its result is not kept.
   * The engine's work stops too: through the job's signal when it runs here, else by its external
   * id (another process runs it; its engine call then sees the work canceled).
   */
  async cancel(em: EntityManager, userId: number, jobId: number): Promise<JobSnapshot> {
    const job = await em.findOne(GenerationJob, { id: jobId, owner: userId }, { disableIdentityMap: true });
    if (!job) throw new AppError('NOT_FOUND', jobMessages.notFound);
    const canceled = await endJob(this.parts, em, jobId, {
      from: ['queued', 'running'],
      to: 'canceled',
      message: jobMessages.canceled,
    });
    if (!canceled) throw new AppError('CONFLICT', jobMessages.finished);
    // A running job stops on the canceled snapshot, on whichever instance runs it; a cloud
    // prediction is canceled here too, in case that instance died (canceling twice is harmless).
    await this.options.queue.remove(jobId);
    if (job.externalId) {
      const engine = job.kind === 'video' ? this.options.media.videos : this.options.media.images;
      await engine
        .cancel?.(job.externalId)
        .catch((error: unknown) => this.options.log?.error({ err: error, jobId }, 'engine cancel failed'));
    }
    return this.parts.snapshots.read(em, jobId);
  }

  /** Takes back what dead processes left (see `recoverJobs`). */
  recover(now = new Date()): Promise<{ retried: number; failed: number }> {
    return recoverJobs(this.parts, now);
  }
}

/** Whether a snapshot is of `kind`: a job's events are all of the job's kind. */
function isOfKind<K extends JobKind>(snapshot: JobSnapshotOf<JobKind>, kind: K): snapshot is JobSnapshotOf<K> {
  return snapshot.kind === kind;
}

/** Whether a job's input names options (an image job's), which the engine may refuse. */
function namesOptions(input: object): input is Pick<ImageJobInput, 'selection'> {
  return 'selection' in input;
}

/** Whether `work` settles within `ms` (it goes on either way). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  if (!Number.isFinite(ms)) return settled;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
