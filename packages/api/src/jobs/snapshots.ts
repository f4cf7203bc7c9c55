import { GenerationJob, type EntityManager, type JobKind } from '@atelier/db';
import { choicesOf, readJobResult, JobRowInvalid, type JobResult } from './contracts';
import type { TypicalDurations } from './durations';
import {
  FINISHED_STATUSES,
  type JobErrorCode,
  type JobSnapshot,
  type JobSnapshotOf,
  type SnapshotOfKind,
} from './events';
import type { JobQueue } from './queue';
import type { JobLog } from './failures';

/**
 * What clients see of a job: its row as it is, or, for a job running in this process, its latest
 * report (its row gets one a second at most).
 */
export class JobSnapshots {
  /** The jobs running in this process as they are now. */
  private readonly live = new Map<number, JobSnapshot>();

  constructor(
    private readonly queue: Pick<JobQueue, 'placeOf'>,
    private readonly durations: TypicalDurations,
    private readonly log: JobLog | undefined,
  ) {}

  /** The job's row as it is in the database now. */
  async read(em: EntityManager, jobId: number): Promise<JobSnapshot> {
    const job = await em.findOneOrFail(GenerationJob, jobId, { disableIdentityMap: true });
    return this.of(job, job.kind);
  }

  /** A row already read: the latest report when it runs here. */
  async current(job: GenerationJob): Promise<JobSnapshot> {
    return (job.status === 'running' ? this.live.get(job.id) : undefined) ?? this.of(job, job.kind);
  }

  /** Keeps a running job's latest report, for `current`. */
  running(snapshot: JobSnapshot): void {
    this.live.set(snapshot.id, snapshot);
  }

  /** The job no longer runs here. */
  stopped(jobId: number): void {
    this.live.delete(jobId);
  }

  /**
   * The row as clients see it, its result checked against its kind. `kind` is the row's: a type
   * parameter, so that the snapshot is typed by it (given the union, it is the union of each).
   */
  async of<K extends JobKind>(job: GenerationJob, kind: K): Promise<SnapshotOfKind<K>> {
    const snapshot: JobSnapshotOf<K> = {
      id: job.id,
      userId: job.owner.id,
      kind,
      status: job.status,
      progress: job.progress,
      stage: job.stage,
      place: job.status === 'queued' ? await this.queue.placeOf(job.id) : null,
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
      this.log?.error({ err: error, jobId: job.id }, 'job result unreadable: shown as none');
      return null;
    }
  }
}
