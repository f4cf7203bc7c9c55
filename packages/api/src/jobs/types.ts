import type { EntityManager, JobKind, MikroORM } from '@atelier/db';
import type { CloudCost } from '@atelier/media';
import type { MediaDeps } from '../media/deps';
import type { ImageJobInput, JobInput, JobResult } from './contracts';
import type { JobEvents } from './events';
import type { JobLog } from './failures';
import type { JobQueue } from './queue';
import type { JobSnapshots } from './snapshots';

/** What a job's work gets: its own EntityManager, its input and seed, a way to report progress. */
export interface JobRun<K extends JobKind = JobKind> {
  em: EntityManager;
  media: MediaDeps;
  job: {
    id: number;
    userId: number;
    input: JobInput<K>;
    seed: number;
    /** The cloud predictions an earlier attempt started, in order: the engine reads them before creating any. */
    predictions: readonly string[];
  };
  /** Progress 0–100 with the French label of the stage. */
  report(progress: number, stage: string): Promise<void>;
  /**
   * Keeps the engine's id for each piece of the work (a Replicate prediction), so a cancel from any
   * process, or a retry, finds it; and adds its list price to the job's cloud spend.
   */
  started(this: void, externalId: string, cost?: CloudCost): Promise<void>;
  /** Aborted when the job is canceled. */
  signal: AbortSignal;
}

/** What a kind's `commit` gets of the run: no more progress to report, nothing more to start. */
export type CommittedRun<K extends JobKind = JobKind> = Omit<JobRun<K>, 'em' | 'report' | 'started' | 'signal'>;

/**
 * One kind of generation. `produce` runs the engine and stores the files (nothing a user can see
 * yet); `commit` records what the user gets, inside the transaction that marks the job succeeded
 * and settles its credits, so a result exists if and only if it was paid for. `discard` removes
 * the stored files of a result that will not be kept (the job was canceled meanwhile).
 */
export interface JobKindWork<K extends JobKind = JobKind, Produced = unknown> {
  produce(run: JobRun<K>): Promise<Produced>;
  commit(tx: EntityManager, run: CommittedRun<K>, produced: Produced): Promise<JobResult<K>>;
  discard(media: MediaDeps, produced: Produced): Promise<void>;
  /** Undoes what `submit` prepared besides the job (a video card) when the job ends without a result. */
  abandon?(tx: EntityManager, job: { id: number; input: JobInput<K> }, error: string): Promise<void>;
  /** The credit history's line for a job of this kind: what was bought, in the member's words. */
  describe(selection: ImageJobInput['selection'] | undefined): string;
}

/** Each kind's work, typed by its contract. */
export type JobKinds = { [K in JobKind]: JobKindWork<K> };

/** Thrown by a kind's `commit` (or the job's) when the result must not be kept: nothing is paid. */
export class ResultNotKept extends Error {}

export interface JobServiceOptions {
  orm: MikroORM;
  media: MediaDeps;
  queue: JobQueue;
  events?: JobEvents;
  kinds: JobKinds;
  /**
   * Told when a job ends, whatever the outcome (the lists it changes get a new version; a cloud
   * failure is counted by model and reason). A job that ran here publishes its end once this has
   * settled, so a client told of a result never polls a list's older version.
   */
  onFinished?: (job: FinishedJob) => void | Promise<void>;
  /** How long a running job's heartbeat may stop before its job is taken back (JOB_LEASE_MS by default). */
  leaseMs?: number;
  /** Where maintenance failures, and failed generations, are reported. */
  log?: JobLog;
}

/** What the parts of the job service share: its options, its events, and the snapshots it gives. */
export interface JobParts extends Omit<JobServiceOptions, 'events' | 'leaseMs'> {
  events: JobEvents;
  snapshots: JobSnapshots;
  leaseMs: number;
}

export interface FinishedJob {
  kind: JobKind;
  userId: number;
  /** The engine it was made for and how it ended, for the per-engine metrics. */
  engine: string;
  status: 'succeeded' | 'failed' | 'canceled';
  runMs?: number;
  /** Why a cloud generation failed, for the metrics. */
  cloudFailure?: { model: string; reason: string };
  /** The predictions this run started, each at its model's list price, for the spend metric. */
  cloudSpend?: readonly CloudCost[];
}
