import { EventEmitter } from 'node:events';
import type { JobKind, JobStatus } from '@atelier/db';
import type { AppErrorCode } from '../shared/errors';
import type { FaultCode } from '../shared/faults';
import type { JobChoices, JobResult } from './contracts';

/** Why a job failed: an error's kind (VALIDATION 400, UPSTREAM 502…) or a fault of the server's own (507 for a full disk). */
export type JobErrorCode = AppErrorCode | FaultCode;

/** What a client sees of a job of kind `K` at one moment. */
export interface JobSnapshotOf<K extends JobKind> {
  id: number;
  /** The owner: their pages follow all their jobs at once. */
  userId: number;
  kind: K;
  status: JobStatus;
  progress: number;
  stage: string;
  /** Jobs ahead of this one while it waits; null once it runs or ended. */
  place: number | null;
  error: string | null;
  /** The failure's kind, which gives its HTTP status. */
  errorCode: JobErrorCode | null;
  result: JobResult<K> | null;
  /** The options it was asked for (an image's); null for a video. */
  choices: JobChoices | null;
  seed: number;
  /** What it is sold for, in credits: held while it runs, taken when it succeeds. */
  credits: number;
  engine: string;
  /** When it started running (ISO 8601); null while it waits. */
  startedAt: string | null;
  /** How long a job of its kind typically runs on its engine here, in seconds; null until known. */
  typicalSeconds: number | null;
}

/** A snapshot of kind `K`; when `K` is a union, a union of snapshots each typed by its kind. */
export type SnapshotOfKind<K extends JobKind> = { [P in K]: JobSnapshotOf<P> }[K];
/** A snapshot of any kind: its `kind` tells its result's type. */
export type JobSnapshot = SnapshotOfKind<JobKind>;

export const FINISHED_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];

/**
 * Every change of a job, to whoever follows it (the SSE streams, the waiting REST calls), by job
 * and by owner, in this process. `RedisJobEvents` carries them across instances.
 */
export class JobEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(snapshot: JobSnapshot): void {
    for (const topic of topicsOf(snapshot)) this.deliver(topic, snapshot);
  }

  /** Calls `listener` on each change of the job; returns the function that stops it. */
  subscribe(jobId: number, listener: (snapshot: JobSnapshot) => void): () => void {
    return this.on(`job:${jobId}`, listener);
  }

  /** Calls `listener` on each change of any of the user's jobs. */
  subscribeUser(userId: number, listener: (snapshot: JobSnapshot) => void): () => void {
    return this.on(`user:${userId}`, listener);
  }

  /** Hands a snapshot to this process's listeners of one topic (`job:<id>` or `user:<id>`). */
  protected deliver(topic: string, snapshot: JobSnapshot): void {
    this.emitter.emit(topic, snapshot);
  }

  private on(topic: string, listener: (snapshot: JobSnapshot) => void): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }
}

/** The topics a snapshot goes to: its job's and its owner's. */
export function topicsOf(snapshot: JobSnapshot): string[] {
  return [`job:${snapshot.id}`, `user:${snapshot.userId}`];
}
