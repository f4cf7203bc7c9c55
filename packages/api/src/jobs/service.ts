import { randomInt } from 'node:crypto';
import { GenerationJob, LockMode, raw, retryDeadlockOnce, User, type EntityManager, type JobKind } from '@atelier/db';
import { ledger } from '../credits/ledger';
import { isCloudFailure, WorkHandedOver, type CloudCost, type CloudFailure } from '@atelier/media';
import { mediaFailure } from '../media/errors';
import { AppError } from '../shared/errors';
import { FAULT_REMEDIES, faultCodeOf, faultNamed, isFaultCode, type FaultCode } from '../shared/faults';
import {
  choicesOf,
  readJobInput,
  readJobResult,
  JobRowInvalid,
  type ImageJobInput,
  type JobInput,
  type JobResult,
} from './contracts';
import { TypicalDurations } from './durations';
import {
  FINISHED_STATUSES,
  JobEvents,
  type JobErrorCode,
  type JobSnapshot,
  type JobSnapshotOf,
  type SnapshotOfKind,
} from './events';
import { holdRef } from './paid-results';
import { jobCredits } from './price';
import { ResultNotKept, type CommittedRun, type FinishedJob, type JobKindWork, type JobServiceOptions } from './types';
import { WorkerPresence } from './workers';

export const jobMessages = {
  queued: "En file d'attente",
  starting: 'Démarrage',
  succeeded: 'Terminé',
  failed: 'Échec de la génération',
  canceled: 'Annulé',
  canceledByUser: 'La génération a été annulée.',
  notFound: 'Génération introuvable.',
  finished: 'Cette génération est déjà terminée.',
  pending:
    'La génération prend plus de temps que prévu : elle continue, et son résultat apparaîtra dans votre galerie.',
  interrupted: 'La génération a été interrompue par un redémarrage du serveur.',
} as const;

/** How long the spec's synchronous calls wait for their job before answering 202 with its id. */
export const IMAGE_WAIT_MS = 2 * 60_000;
export const VIDEO_WAIT_MS = 10 * 60_000;

/** By default, a running job not touched for this long belongs to a process that died. */
export const JOB_LEASE_MS = 60_000;
/** A running job is touched this many times per lease, so a busy moment never looks like a death. */
const HEARTBEATS_PER_LEASE = 6;
/** A running job's progress is written to its row at most this often; its events carry every report. */
const PROGRESS_WRITE_MS = 1000;
/** A job interrupted by a dead process is tried this many times in all. */
export const MAX_JOB_ATTEMPTS = 2;

export class JobPendingError extends AppError {
  constructor(readonly jobId: number) {
    super('UNAVAILABLE', jobMessages.pending, { clientCode: 'job_pending' });
  }
}

/** The cloud engine's failure behind an error, however wrapped (a video's failure keeps it as its cause). */
function cloudFailureIn(error: unknown): CloudFailure | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) if (isCloudFailure(at)) return at;
  return undefined;
}

/**
 * Every generation is a job: submitted (its credits held, keyed by the job), queued, run by the
 * queue within its caps, and finished exactly once — succeeded (result recorded and credits
 * settled in one transaction), failed or canceled (credits released). Nothing else runs an engine.
 */
export class JobService {
  readonly events: JobEvents;
  private maintenance: NodeJS.Timeout | undefined;
  /** The jobs running in this process as they are now: their row gets their progress once a second at most. */
  private readonly live = new Map<number, JobSnapshot>();
  private readonly closing = new AbortController();
  /** Aborted when the server shuts down: the progress streams end, so it need not wait for them. */
  readonly shutdown = this.closing.signal;

  private readonly leaseMs: number;
  /** Aborted when this process stops before its running jobs finish: they go back in line. */
  private readonly handingBack = new AbortController();
  /** The runs of this process, so a stop can wait for them. */
  private readonly runs = new Set<Promise<unknown>>();
  private readonly durations: TypicalDurations;
  /** Whether any process runs generations: a synchronous call does not wait for none. */
  readonly workers: WorkerPresence;

  constructor(private readonly options: JobServiceOptions) {
    this.events = options.events ?? new JobEvents();
    this.workers = new WorkerPresence(() => options.queue.workers());
    this.durations = new TypicalDurations(options.orm);
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  }

  /**
   * Starts running queued jobs, after taking back the jobs a dead process left behind; then looks
   * again every half lease, for the jobs of instances that die while this one runs.
   */
  async start(): Promise<void> {
    await this.recover();
    await this.options.queue.start((job) => {
      const running = this.run(job.jobId).finally(() => this.runs.delete(running));
      this.runs.add(running);
      return running;
    });
    this.maintenance = setInterval(() => {
      this.recover().catch((error: unknown) => this.options.log?.error({ err: error }, 'job recovery failed'));
    }, this.leaseMs / 2);
    this.maintenance.unref();
  }

  /** Ends the progress streams: called before the server waits for its connections to close. */
  endStreams(): void {
    this.closing.abort();
  }

  /** Jobs running in this process now. */
  get running(): number {
    return this.runs.size;
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
    // Their cloud predictions go on: the next attempt reads them rather than paying for new ones.
    this.handingBack.abort(new WorkHandedOver());
    if (!(await settlesWithin(Promise.allSettled([...this.runs, closed]), handBackMs)))
      this.options.log?.error(
        { running: this.runs.size },
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
    const snapshot = await this.snapshot(em, jobId);
    this.events.publish(snapshot);
    return snapshot;
  }

  /** The job as its owner sees it; NOT_FOUND for anyone else's. */
  async get(em: EntityManager, userId: number, jobId: number): Promise<JobSnapshot> {
    const job = await em.findOne(GenerationJob, { id: jobId, owner: userId }, { disableIdentityMap: true });
    if (!job) throw new AppError('NOT_FOUND', jobMessages.notFound);
    return (job.status === 'running' ? this.live.get(jobId) : undefined) ?? this.toSnapshot(job, job.kind);
  }

  /** The user's jobs still queued or running, oldest first. */
  async active(em: EntityManager, userId: number): Promise<JobSnapshot[]> {
    const jobs = await em.find(
      GenerationJob,
      { owner: userId, status: { $in: ['queued', 'running'] } },
      { orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    return Promise.all(
      jobs.map(
        async (job) => (job.status === 'running' ? this.live.get(job.id) : undefined) ?? this.toSnapshot(job, job.kind),
      ),
    );
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
      const now = await this.snapshot(em, job.id);
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
    const canceled = await this.end(em, jobId, {
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
    return this.snapshot(em, jobId);
  }

  /**
   * Runs one queued job: claims it (it may have been canceled or taken meanwhile), then produces,
   * then commits. Resolves to 'handed-back' when this process stopped first and queued it again.
   */
  private async run(jobId: number): Promise<'handed-back' | void> {
    const em = this.options.orm.em.fork();
    const now = new Date();
    const claimed = await em.nativeUpdate(
      GenerationJob,
      { id: jobId, status: 'queued' },
      {
        status: 'running',
        startedAt: now,
        heartbeatAt: now,
        progress: 5,
        stage: jobMessages.starting,
        attempts: raw('attempts + 1'),
      },
    );
    if (claimed !== 1) return;
    const job = await em.findOneOrFail(GenerationJob, jobId, { disableIdentityMap: true });
    const work: JobKindWork = this.options.kinds[job.kind];
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, this.handingBack.signal]);
    const stopFollowing = this.events.subscribe(jobId, (snapshot) => {
      if (snapshot.status === 'canceled') controller.abort();
    });
    const predictions = [...(job.predictions ?? [])];
    const spent: CloudCost[] = [];
    const started = await this.toSnapshot(job, job.kind);
    let latest = started;
    let written = Date.now();
    this.live.set(jobId, started);
    this.events.publish(started);
    const heartbeat = setInterval(
      () =>
        void em
          .fork()
          .nativeUpdate(
            GenerationJob,
            { id: jobId, status: 'running' },
            { heartbeatAt: new Date(), progress: latest.progress, stage: latest.stage },
          )
          .catch(() => undefined),
      this.leaseMs / HEARTBEATS_PER_LEASE,
    );
    heartbeat.unref();
    let cloud: CloudFailure | undefined;
    let status: FinishedJob['status'] | 'handed-back' = 'succeeded';
    try {
      // A row its kind cannot read fails here, as a generation that failed: logged, its credits given back.
      const input = readJobInput(job);
      const base = {
        media: this.options.media,
        job: { id: jobId, userId: job.owner.id, input, seed: job.seed, predictions: [...predictions] },
      };
      const produced = await work.produce({
        ...base,
        em,
        signal,
        started: async (externalId, cost) => {
          predictions.push(externalId);
          if (cost) spent.push(cost);
          const cloudSpendUsd = spent.reduce((sum, { priceUsd }) => sum + priceUsd, job.cloudSpendUsd);
          const recorded = await em.nativeUpdate(
            GenerationJob,
            { id: jobId, status: 'running' },
            { externalId, predictions: [...predictions], cloudSpendUsd },
          );
          // Canceled meanwhile, maybe in another process before the id was known: the engine stops its work.
          if (recorded !== 1) throw new ResultNotKept();
        },
        report: async (progress, stage) => {
          if (signal.aborted) return;
          // Followers hear every report at once; the row, read by other instances, gets one a second at most.
          latest = { ...started, progress, stage };
          this.live.set(jobId, latest);
          this.events.publish(latest);
          if (Date.now() - written < PROGRESS_WRITE_MS) return;
          written = Date.now();
          await em.nativeUpdate(
            GenerationJob,
            { id: jobId, status: 'running' },
            { progress, stage, heartbeatAt: new Date() },
          );
        },
      });
      const kept = await this.keep(em, jobId, work, base, produced).catch(async (error: unknown) => {
        // Nothing names these files, unless the commit went through all the same (its answer lost
        // with the connection): then they are the paid result.
        const status = await em
          .fork()
          .findOne(GenerationJob, jobId, { fields: ['status'], disableIdentityMap: true })
          .then(
            (row) => row?.status,
            () => undefined,
          );
        if (status !== 'succeeded') await this.discard(jobId, work, produced);
        throw error;
      });
      if (!kept) {
        status = 'canceled';
        await this.discard(jobId, work, produced);
        await this.end(em, jobId, { from: ['running'], to: 'canceled', message: jobMessages.canceledByUser });
      }
    } catch (error) {
      // Stopped by this process's shutdown, not by the job: another worker takes it up again.
      if (this.handingBack.signal.aborted && (await this.handBack(em, jobId))) status = 'handed-back';
      else {
        status = 'failed';
        const failure = mediaFailure(error);
        const fault = faultCodeOf(failure);
        cloud = cloudFailureIn(error);
        this.logFailure(job, error, cloud, fault);
        await this.end(em, jobId, {
          from: ['running'],
          to: 'failed',
          message: failure.message,
          errorCode: fault ?? failure.appCode,
        });
      }
    } finally {
      clearInterval(heartbeat);
      stopFollowing();
      this.live.delete(jobId);
      // How long it ran here: its engine's time, plus storing the result.
      if (status !== 'handed-back')
        await this.options.onFinished?.({
          kind: job.kind,
          userId: job.owner.id,
          engine: job.engine,
          status,
          runMs: Date.now() - now.getTime(),
          ...(cloud ? { cloudFailure: { model: cloud.context.model, reason: cloud.reason } } : {}),
          ...(spent.length > 0 ? { cloudSpend: spent } : {}),
        });
      this.events.publish(await this.snapshot(em, jobId));
    }
    return status === 'handed-back' ? status : undefined;
  }

  /** Puts a job this process was running back in line, its attempt not counted: false if it ended meanwhile. */
  private async handBack(em: EntityManager, jobId: number): Promise<boolean> {
    const queued = await em.nativeUpdate(
      GenerationJob,
      { id: jobId, status: 'running' },
      { status: 'queued', progress: 0, stage: jobMessages.queued, heartbeatAt: null, attempts: raw('attempts - 1') },
    );
    return queued === 1;
  }

  /**
   * Records the result and settles its credits in one transaction: true, or false when the job was
   * canceled meanwhile (nothing is recorded; the cancel gave the credits back). The job's row is
   * taken first, as a cancel takes it: otherwise the result's foreign key share-locks the owner's
   * row, the cancel holds the job's and wants the owner's, and the two deadlock.
   */
  private keep(
    em: EntityManager,
    jobId: number,
    work: JobKindWork,
    base: CommittedRun,
    produced: unknown,
  ): Promise<boolean> {
    const commit = () =>
      em.transactional(async (tx) => {
        const running = await tx.findOne(
          GenerationJob,
          { id: jobId, status: 'running' },
          { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'], disableIdentityMap: true },
        );
        if (!running) return false;
        const result = await work.commit(tx, base, produced);
        await tx.nativeUpdate(
          GenerationJob,
          { id: jobId },
          {
            status: 'succeeded',
            progress: 100,
            stage: jobMessages.succeeded,
            result,
            finishedAt: new Date(),
            heartbeatAt: null,
          },
        );
        await ledger.settle(tx, holdRef(jobId));
        return true;
      });
    return retryDeadlockOnce(commit, this.options.log, { jobId, during: 'commit' }).catch((error: unknown) => {
      if (error instanceof ResultNotKept) return false;
      throw error;
    });
  }

  /** Deletes the files of a result no one will get; should that fail, the operator is told which. */
  private async discard(jobId: number, work: JobKindWork, produced: unknown): Promise<void> {
    await work
      .discard(this.options.media, produced)
      .catch((error: unknown) =>
        this.options.log?.error({ jobId, produced, err: error }, 'result files of a job not kept: delete them by hand'),
      );
  }

  /**
   * A failed generation, for the operator: the job, the user, and for a cloud step the model, the
   * prediction, Replicate's status and words. What only the operator can remedy (a revoked token,
   * an empty balance, an input Replicate refused) is an error; the rest (a refusal by the model's
   * filter, a time-out) a warning. A cancel is no failure. A fault of the server's own resources
   * (a full disk) is an error that says what to do about it.
   */
  private logFailure(
    job: GenerationJob,
    error: unknown,
    cloud: CloudFailure | undefined,
    fault: FaultCode | null,
  ): void {
    const context = { jobId: job.id, userId: job.owner.id, kind: job.kind, engine: job.engine };
    if (error instanceof JobRowInvalid)
      this.options.log?.error(
        { ...context, err: error },
        'generation failed: its stored input does not match its kind',
      );
    else if (fault)
      this.options.log?.error({ ...context, fault, err: error }, `generation failed: ${FAULT_REMEDIES[fault]}`);
    else if (!cloud) this.options.log?.warn({ ...context, err: error }, 'generation failed');
    else if (cloud.reason === 'canceled') return;
    else if (cloud.needsOperator)
      this.options.log?.error(
        { ...context, ...cloud.toLog() },
        'cloud generation failed: the service refused our request',
      );
    else this.options.log?.warn({ ...context, ...cloud.toLog() }, 'cloud generation failed');
  }

  /**
   * Moves a job from one of `from` to a final status without a result, gives its credits back and
   * lets its kind undo what it prepared, in one transaction. False when the job was not in `from`.
   * `message` is what its owner reads; `errorCode`, for a failure, what a client branches on.
   */
  private async end(
    em: EntityManager,
    jobId: number,
    {
      from,
      to: status,
      message,
      errorCode = null,
    }: {
      from: JobSnapshot['status'][];
      to: 'failed' | 'canceled';
      message: string;
      errorCode?: JobErrorCode | null;
    },
  ): Promise<boolean> {
    const finish = () =>
      em.transactional(async (tx): Promise<FinishedJob | null> => {
        const changed = await tx.nativeUpdate(
          GenerationJob,
          { id: jobId, status: { $in: from } },
          {
            status,
            stage: status === 'canceled' ? jobMessages.canceled : jobMessages.failed,
            error: message,
            errorCode,
            finishedAt: new Date(),
            heartbeatAt: null,
          },
        );
        if (changed !== 1) return null;
        await ledger.release(tx, holdRef(jobId));
        const job = await tx.findOneOrFail(GenerationJob, jobId, {
          fields: ['kind', 'input', 'owner', 'engine'],
          disableIdentityMap: true,
        });
        await this.abandon(tx, { ...job, id: jobId }, message);
        return { kind: job.kind, userId: job.owner.id, engine: job.engine, status };
      });
    const ended = await retryDeadlockOnce(finish, this.options.log, { jobId, during: status });
    if (!ended) return false;
    this.events.publish(await this.snapshot(em, jobId));
    await this.options.onFinished?.(ended);
    return true;
  }

  /**
   * Lets the job's kind undo what it prepared; a row its kind cannot read is logged, and the job
   * ends all the same (its credits given back).
   */
  private async abandon(
    tx: EntityManager,
    job: { id: number; kind: JobKind; input: unknown },
    message: string,
  ): Promise<void> {
    const work: JobKindWork = this.options.kinds[job.kind];
    if (!work.abandon) return;
    let input: JobInput<JobKind>;
    try {
      input = readJobInput(job);
    } catch (error) {
      if (!(error instanceof JobRowInvalid)) throw error;
      this.options.log?.error(
        { err: error, jobId: job.id },
        'job input unreadable: what its kind prepared is left as is',
      );
      return;
    }
    await work.abandon(tx, { id: job.id, input }, message);
  }

  /**
   * Takes back what dead processes left: running jobs whose heartbeat stopped are queued again
   * (the hold and the result belong to the job, so a retry is paid once) or, past their attempts,
   * failed with their credits given back; queued jobs go back in the queue (where one still
   * waits, it is not queued twice), so a job whose queueing failed is not forgotten.
   */
  async recover(now = new Date()): Promise<{ retried: number; failed: number }> {
    const em = this.options.orm.em.fork();
    const stale = await em.find(
      GenerationJob,
      { status: 'running', heartbeatAt: { $lt: new Date(now.getTime() - this.leaseMs) } },
      { fields: ['id', 'attempts'], disableIdentityMap: true },
    );
    let retried = 0;
    let failed = 0;
    for (const job of stale) {
      if (job.attempts < MAX_JOB_ATTEMPTS) {
        const requeued = await em.nativeUpdate(
          GenerationJob,
          { id: job.id, status: 'running', heartbeatAt: { $lt: new Date(now.getTime() - this.leaseMs) } },
          { status: 'queued', progress: 0, stage: jobMessages.queued, heartbeatAt: null },
        );
        retried += requeued;
      } else if (
        await this.end(em, job.id, {
          from: ['running'],
          to: 'failed',
          message: jobMessages.interrupted,
          errorCode: 'UPSTREAM',
        })
      ) {
        failed += 1;
      }
    }
    const queued = await em.find(
      GenerationJob,
      { status: 'queued' },
      { fields: ['id', 'owner'], orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    for (const job of queued) await this.options.queue.add({ jobId: job.id, userId: job.owner.id });
    return { retried, failed };
  }

  private async snapshot(em: EntityManager, jobId: number): Promise<JobSnapshot> {
    const job = await em.findOneOrFail(GenerationJob, jobId, { disableIdentityMap: true });
    return this.toSnapshot(job, job.kind);
  }

  /**
   * The row as clients see it, its result checked against its kind. `kind` is the row's: a type
   * parameter, so that the snapshot is typed by it (given the union, it is the union of each).
   */
  private async toSnapshot<K extends JobKind>(job: GenerationJob, kind: K): Promise<SnapshotOfKind<K>> {
    const snapshot: JobSnapshotOf<K> = {
      id: job.id,
      userId: job.owner.id,
      kind,
      status: job.status,
      progress: job.progress,
      stage: job.stage,
      place: job.status === 'queued' ? await this.options.queue.placeOf(job.id) : null,
      error: job.error ?? null,
      errorCode: (job.errorCode as JobErrorCode | null) ?? null,
      result: job.result ? this.resultOf({ id: job.id, kind, result: job.result }) : null,
      choices: choicesOf(job.input),
      seed: job.seed,
      credits: job.credits,
      engine: job.engine,
      startedAt: job.status === 'running' ? (job.startedAt?.toISOString() ?? null) : null,
      typicalSeconds: FINISHED_STATUSES.includes(job.status)
        ? null
        : await this.durations.seconds(job.kind, job.engine),
    };
    return snapshot;
  }

  /** A stored result; one that does not match its kind is logged and shown as none (the job then reads as failed). */
  private resultOf<K extends JobKind>(job: { id: number; kind: K; result: unknown }): JobResult<K> | null {
    try {
      return readJobResult(job);
    } catch (error) {
      if (!(error instanceof JobRowInvalid)) throw error;
      this.options.log?.error({ err: error, jobId: job.id }, 'job result unreadable: shown as none');
      return null;
    }
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
