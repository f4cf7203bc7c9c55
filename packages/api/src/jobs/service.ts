import { randomInt } from 'node:crypto';
import { GenerationJob, LockMode, raw, User, type EntityManager, type JobKind, type MikroORM } from '@atelier/db';
import { IMAGE_COST, ledger } from '../credits/ledger';
import { isCloudFailure, type CloudFailure } from '@atelier/media';
import type { MediaDeps } from '../media/deps';
import { mediaFailure } from '../media/errors';
import { AppError, type AppErrorCode } from '../shared/errors';
import { FINISHED_STATUSES, JobEvents, type JobSnapshot } from './events';
import type { JobQueue } from './queue';

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
/** Holds that belong to no job (made before jobs existed) and are this old crashed with their process. */
const STALE_HOLD_AGE_MS = 15 * 60_000;
/** A running job's progress is written to its row at most this often; its events carry every report. */
const PROGRESS_WRITE_MS = 1000;
/** A job interrupted by a dead process is tried this many times in all. */
export const MAX_JOB_ATTEMPTS = 2;

/** What a job's work gets: its own EntityManager, its input and seed, a way to report progress. */
export interface JobRun {
  em: EntityManager;
  media: MediaDeps;
  job: {
    id: number;
    userId: number;
    input: Record<string, unknown>;
    seed: number;
    /** The cloud predictions an earlier attempt started, in order: the engine reads them before creating any. */
    predictions: readonly string[];
  };
  /** Progress 0–100 with the French label of the stage. */
  report(progress: number, stage: string): Promise<void>;
  /** Keeps the engine's id for each piece of the work (a Replicate prediction), so a cancel from any process, or a retry, finds it. */
  started(externalId: string): Promise<void>;
  /** Aborted when the job is canceled. */
  signal: AbortSignal;
}

/**
 * One kind of generation. `produce` runs the engine and stores the files (nothing a user can see
 * yet); `commit` records what the user gets, inside the transaction that marks the job succeeded
 * and settles its credits, so a result exists if and only if it was paid for. `discard` removes
 * the stored files of a result that will not be kept (the job was canceled meanwhile).
 */
export interface JobKindWork<Produced = unknown> {
  produce(run: JobRun): Promise<Produced>;
  commit(
    tx: EntityManager,
    run: Omit<JobRun, 'em' | 'report' | 'started' | 'signal'>,
    produced: Produced,
  ): Promise<Record<string, unknown>>;
  discard(media: MediaDeps, produced: Produced): Promise<void>;
  /** Undoes what `submit` prepared besides the job (a video card) when the job ends without a result. */
  abandon?(tx: EntityManager, job: { id: number; input: Record<string, unknown> }, error: string): Promise<void>;
  /** The ledger line's label. */
  description: string;
}

export class JobPendingError extends AppError {
  constructor(readonly jobId: number) {
    super('UNAVAILABLE', jobMessages.pending, { clientCode: 'job_pending' });
  }
}

export interface JobServiceOptions {
  orm: MikroORM;
  media: MediaDeps;
  queue: JobQueue;
  events?: JobEvents;
  kinds: Record<JobKind, JobKindWork<never>>;
  /**
   * Told when a job ends, whatever the outcome (the lists it changes get a new version; a cloud
   * failure is counted by model and reason). A job that ran here publishes its end once this has
   * settled, so a client told of a result never polls a list's older version.
   */
  onFinished?: (job: FinishedJob) => void | Promise<void>;
  /** How long a running job's heartbeat may stop before its job is taken back (JOB_LEASE_MS by default). */
  leaseMs?: number;
  /** Where maintenance failures, and failed generations, are reported. */
  log?: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void };
}

export interface FinishedJob {
  kind: JobKind;
  userId: number;
  runMs?: number;
  /** Why a cloud generation failed, for the metrics. */
  cloudFailure?: { model: string; reason: string };
}

/** The cloud engine's failure behind an error, however wrapped (a video's failure keeps it as its cause). */
function cloudFailureIn(error: unknown): CloudFailure | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) if (isCloudFailure(at)) return at;
  return undefined;
}

const holdRef = (jobId: number) => `job:${jobId}`;

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

  constructor(private readonly options: JobServiceOptions) {
    this.events = options.events ?? new JobEvents();
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  }

  /**
   * Starts running queued jobs, after taking back the jobs a dead process left behind; then looks
   * again every half lease, for the jobs of instances that die while this one runs.
   */
  async start(): Promise<void> {
    await this.recover();
    await this.options.queue.start((job) => this.run(job.jobId));
    this.maintenance = setInterval(() => {
      this.recover().catch((error: unknown) => this.options.log?.error({ err: error }, 'job recovery failed'));
      ledger
        .releaseStaleHolds(this.options.orm.em.fork(), STALE_HOLD_AGE_MS)
        .catch((error: unknown) => this.options.log?.error({ err: error }, 'credit hold sweep failed'));
    }, this.leaseMs / 2);
    this.maintenance.unref();
  }

  /** Ends the progress streams: called before the server waits for its connections to close. */
  endStreams(): void {
    this.closing.abort();
  }

  async close(): Promise<void> {
    clearInterval(this.maintenance);
    await this.options.queue.close();
  }

  /**
   * Makes a job and holds its credits in one transaction (refused with 402 when the balance is
   * short: then nothing is left behind), then queues it. `prepare` runs in that transaction too,
   * for what belongs to the job from the start (a video card).
   */
  async submit(
    em: EntityManager,
    request: { userId: number; kind: JobKind; input: Record<string, unknown>; seed?: number | undefined },
    prepare?: (tx: EntityManager, jobId: number) => Promise<void>,
  ): Promise<JobSnapshot> {
    const work = this.options.kinds[request.kind];
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
        engine: request.kind === 'video' ? this.options.media.videos.name : this.options.media.images.name,
        createdAt: new Date(),
      });
      await ledger.reserve(tx, {
        userId: request.userId,
        cost: IMAGE_COST,
        externalRef: holdRef(id),
        description: work.description,
        reason: request.kind === 'video' ? 'video' : 'transformation',
      });
      await prepare?.(tx, id);
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
    return (job.status === 'running' ? this.live.get(jobId) : undefined) ?? this.toSnapshot(job);
  }

  /** The user's jobs still queued or running, oldest first. */
  async active(em: EntityManager, userId: number): Promise<JobSnapshot[]> {
    const jobs = await em.find(
      GenerationJob,
      { owner: userId, status: { $in: ['queued', 'running'] } },
      { orderBy: { id: 'asc' }, disableIdentityMap: true },
    );
    return Promise.all(
      jobs.map((job) => (job.status === 'running' ? this.live.get(job.id) : undefined) ?? this.toSnapshot(job)),
    );
  }

  /**
   * Waits for the job to finish, at most `timeoutMs`: the final snapshot, or JobPendingError
   * (with the job's id) when it is still queued or running by then.
   */
  async wait(em: EntityManager, jobId: number, timeoutMs: number): Promise<JobSnapshot> {
    let stop = () => {};
    const finished = new Promise<JobSnapshot>((resolve) => {
      stop = this.events.subscribe(jobId, (snapshot) => {
        if (FINISHED_STATUSES.includes(snapshot.status)) resolve(snapshot);
      });
    });
    try {
      const now = await this.snapshot(em, jobId);
      if (FINISHED_STATUSES.includes(now.status)) return now;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const result = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (!result) throw new JobPendingError(jobId);
      return result;
    } finally {
      stop();
    }
  }

  /** The finished job's result, or its failure as the error a client gets (canceled: 409). */
  static outcome(snapshot: JobSnapshot): Record<string, unknown> {
    if (snapshot.status === 'succeeded' && snapshot.result) return snapshot.result;
    if (snapshot.status === 'canceled') throw new AppError('CONFLICT', jobMessages.canceledByUser);
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
    const canceled = await this.end(em, jobId, ['queued', 'running'], 'canceled', jobMessages.canceled, null);
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

  /** Runs one queued job: claims it (it may have been canceled or taken meanwhile), then produces, then commits. */
  private async run(jobId: number): Promise<void> {
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
    const work = this.options.kinds[job.kind] as JobKindWork<unknown>;
    const controller = new AbortController();
    const stopFollowing = this.events.subscribe(jobId, (snapshot) => {
      if (snapshot.status === 'canceled') controller.abort();
    });
    const predictions = [...(job.predictions ?? [])];
    const base = {
      media: this.options.media,
      job: { id: jobId, userId: job.owner.id, input: job.input, seed: job.seed, predictions: [...predictions] },
    };
    const started = await this.toSnapshot(job);
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
    try {
      const produced = await work.produce({
        ...base,
        em,
        signal: controller.signal,
        started: async (externalId) => {
          predictions.push(externalId);
          const recorded = await em.nativeUpdate(
            GenerationJob,
            { id: jobId, status: 'running' },
            { externalId, predictions: [...predictions] },
          );
          // Canceled meanwhile, maybe in another process before the id was known: the engine stops its work.
          if (recorded !== 1) throw new ResultNotKept();
        },
        report: async (progress, stage) => {
          if (controller.signal.aborted) return;
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
      const kept = await em
        .transactional(async (tx) => {
          const result = await work.commit(tx, base, produced);
          const finished = await tx.nativeUpdate(
            GenerationJob,
            { id: jobId, status: 'running' },
            {
              status: 'succeeded',
              progress: 100,
              stage: jobMessages.succeeded,
              result,
              finishedAt: new Date(),
              heartbeatAt: null,
            },
          );
          // Canceled while it ran: roll the result back, the hold was released by the cancel.
          if (finished !== 1) throw new ResultNotKept();
          await ledger.settle(tx, holdRef(jobId));
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof ResultNotKept) return false;
          throw error;
        });
      if (!kept) {
        await work.discard(this.options.media, produced);
        await this.end(em, jobId, ['running'], 'canceled', jobMessages.canceledByUser, null);
      }
    } catch (error) {
      const failure = mediaFailure(error);
      cloud = cloudFailureIn(error);
      this.logFailure(job, error, cloud);
      await this.end(em, jobId, ['running'], 'failed', failure.message, failure.appCode);
    } finally {
      clearInterval(heartbeat);
      stopFollowing();
      this.live.delete(jobId);
      // How long it ran here: its engine's time, plus storing the result.
      await this.options.onFinished?.({
        kind: job.kind,
        userId: job.owner.id,
        runMs: Date.now() - now.getTime(),
        ...(cloud ? { cloudFailure: { model: cloud.context.model, reason: cloud.reason } } : {}),
      });
      this.events.publish(await this.snapshot(em, jobId));
    }
  }

  /**
   * A failed generation, for the operator: the job, the user, and for a cloud step the model, the
   * prediction, Replicate's status and words. What only the operator can remedy (a revoked token,
   * an empty balance, an input Replicate refused) is an error; the rest (a refusal by the model's
   * filter, a time-out) a warning. A cancel is no failure.
   */
  private logFailure(job: GenerationJob, error: unknown, cloud: CloudFailure | undefined): void {
    const context = { jobId: job.id, userId: job.owner.id, kind: job.kind, engine: job.engine };
    if (!cloud) this.options.log?.warn({ ...context, err: error }, 'generation failed');
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
   */
  private async end(
    em: EntityManager,
    jobId: number,
    from: JobSnapshot['status'][],
    status: 'failed' | 'canceled',
    message: string,
    errorCode: AppErrorCode | null,
  ): Promise<boolean> {
    const ended = await em.transactional(async (tx): Promise<{ kind: JobKind; userId: number } | null> => {
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
        fields: ['kind', 'input', 'owner'],
        disableIdentityMap: true,
      });
      await this.options.kinds[job.kind].abandon?.(tx, { id: jobId, input: job.input }, message);
      return { kind: job.kind, userId: job.owner.id };
    });
    if (!ended) return false;
    this.events.publish(await this.snapshot(em, jobId));
    await this.options.onFinished?.(ended);
    return true;
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
      } else if (await this.end(em, job.id, ['running'], 'failed', jobMessages.interrupted, 'UPSTREAM')) {
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
    return this.toSnapshot(await em.findOneOrFail(GenerationJob, jobId, { disableIdentityMap: true }));
  }

  private async toSnapshot(job: GenerationJob): Promise<JobSnapshot> {
    return {
      id: job.id,
      userId: job.owner.id,
      kind: job.kind,
      status: job.status,
      progress: job.progress,
      stage: job.stage,
      place: job.status === 'queued' ? await this.options.queue.placeOf(job.id) : null,
      error: job.error ?? null,
      errorCode: (job.errorCode as AppErrorCode | null) ?? null,
      result: job.result ?? null,
      seed: job.seed,
      engine: job.engine,
    };
  }
}

/** Thrown by a kind's `commit` (or the job's) when the result must not be kept: nothing is paid. */
export class ResultNotKept extends Error {}
