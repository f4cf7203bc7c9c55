import type { EntityManager, GenerationJob } from '@atelier/db';
import type { CloudCost, CloudFailure } from '@atelier/media';
import type { JobSnapshot } from './events';
import { updateRunning } from './lifecycle';
import { ResultNotKept, type FinishedJob, type JobParts } from './types';

/** A running job is touched this many times per lease, so a busy moment never looks like a death. */
const HEARTBEATS_PER_LEASE = 6;
/** A running job's progress is written to its row at most this often; its events carry every report. */
const PROGRESS_WRITE_MS = 1000;

/**
 * One attempt at a job in this process, from its claim to its end: it follows the job's cancel,
 * touches its heartbeat, reports its progress and records the predictions it starts.
 */
export class JobAttempt {
  /** How it ended, as far as it got: set before each step that may throw, so a step that fails still reports. */
  status: FinishedJob['status'] | 'handed-back' = 'succeeded';
  /** The cloud engine's failure, when that is how it failed. */
  cloud: CloudFailure | undefined;
  /** The predictions this attempt started, each at its model's list price. */
  private readonly spent: CloudCost[] = [];
  private readonly predictions: string[];
  private latest: JobSnapshot;
  private written = Date.now();
  private readonly heartbeat: NodeJS.Timeout;

  private constructor(
    private readonly parts: JobParts,
    private readonly em: EntityManager,
    private readonly job: GenerationJob,
    private readonly claimedAt: Date,
    /** Aborted when the job is canceled, or when this process hands it back. */
    readonly signal: AbortSignal,
    private readonly stopFollowing: () => void,
    private readonly atStart: JobSnapshot,
  ) {
    this.predictions = [...(job.predictions ?? [])];
    this.latest = atStart;
    parts.snapshots.running(atStart);
    parts.events.publish(atStart);
    this.heartbeat = setInterval(
      () =>
        void updateRunning(em.fork(), job.id, {
          heartbeatAt: new Date(),
          progress: this.latest.progress,
          stage: this.latest.stage,
        }).catch(() => undefined),
      parts.leaseMs / HEARTBEATS_PER_LEASE,
    );
    this.heartbeat.unref();
  }

  /** Starts the attempt at a job just claimed: it follows the job's cancel before anything else. */
  static async begin(
    parts: JobParts,
    em: EntityManager,
    job: GenerationJob,
    claimedAt: Date,
    handingBack: AbortSignal,
  ): Promise<JobAttempt> {
    const canceled = new AbortController();
    const stopFollowing = parts.events.subscribe(job.id, (snapshot) => {
      if (snapshot.status === 'canceled') canceled.abort();
    });
    const signal = AbortSignal.any([canceled.signal, handingBack]);
    const atStart = await parts.snapshots.of(job, job.kind);
    return new JobAttempt(parts, em, job, claimedAt, signal, stopFollowing, atStart);
  }

  /** Records a prediction the engine started, and its price; throws when the job no longer runs. */
  readonly started = async (externalId: string, cost?: CloudCost): Promise<void> => {
    this.predictions.push(externalId);
    if (cost) this.spent.push(cost);
    const cloudSpendUsd = this.spent.reduce((sum, { priceUsd }) => sum + priceUsd, this.job.cloudSpendUsd);
    const recorded = await updateRunning(this.em, this.job.id, {
      externalId,
      predictions: [...this.predictions],
      cloudSpendUsd,
    });
    // Canceled meanwhile, maybe in another process before the id was known: the engine stops its work.
    if (!recorded) throw new ResultNotKept();
  };

  /** Followers hear every report at once; the row, read by other instances, gets one a second at most. */
  readonly report = async (progress: number, stage: string): Promise<void> => {
    if (this.signal.aborted) return;
    this.latest = { ...this.atStart, progress, stage };
    this.parts.snapshots.running(this.latest);
    this.parts.events.publish(this.latest);
    if (Date.now() - this.written < PROGRESS_WRITE_MS) return;
    this.written = Date.now();
    await updateRunning(this.em, this.job.id, { progress, stage, heartbeatAt: new Date() });
  };

  /** The attempt no longer runs here: no more heartbeat, following or live progress. */
  stop(): void {
    clearInterval(this.heartbeat);
    this.stopFollowing();
    this.parts.snapshots.stopped(this.job.id);
  }

  /** The job's end as the service's `onFinished` hears it; how long it ran here includes storing the result. */
  finished(status: FinishedJob['status']): FinishedJob {
    const { cloud, spent } = this;
    return {
      kind: this.job.kind,
      userId: this.job.owner.id,
      engine: this.job.engine,
      status,
      runMs: Date.now() - this.claimedAt.getTime(),
      ...(cloud ? { cloudFailure: { model: cloud.context.model, reason: cloud.reason } } : {}),
      ...(spent.length > 0 ? { cloudSpend: spent } : {}),
    };
  }
}
