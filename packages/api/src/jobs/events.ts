import { EventEmitter } from 'node:events';
import type { JobStatus } from '@atelier/db';
import type { AppErrorCode } from '../shared/errors';

/** What a client sees of a job at one moment. */
export interface JobSnapshot {
  id: number;
  /** The owner: their pages follow all their jobs at once. */
  userId: number;
  kind: string;
  status: JobStatus;
  progress: number;
  stage: string;
  /** Jobs ahead of this one while it waits; null once it runs or ended. */
  place: number | null;
  error: string | null;
  /** The failure's kind, which gives its HTTP status (VALIDATION 400, UPSTREAM 502…). */
  errorCode: AppErrorCode | null;
  result: Record<string, unknown> | null;
  seed: number;
  engine: string;
}

export const FINISHED_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];

/**
 * Every change of a job, to whoever follows it (the SSE streams, the waiting REST calls), by job
 * and by owner. In this process; with Redis, published across instances.
 */
export class JobEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(snapshot: JobSnapshot): void {
    this.emitter.emit(`job:${snapshot.id}`, snapshot);
    this.emitter.emit(`user:${snapshot.userId}`, snapshot);
  }

  /** Calls `listener` on each change of the job; returns the function that stops it. */
  subscribe(jobId: number, listener: (snapshot: JobSnapshot) => void): () => void {
    return this.on(`job:${jobId}`, listener);
  }

  /** Calls `listener` on each change of any of the user's jobs. */
  subscribeUser(userId: number, listener: (snapshot: JobSnapshot) => void): () => void {
    return this.on(`user:${userId}`, listener);
  }

  private on(key: string, listener: (snapshot: JobSnapshot) => void): () => void {
    this.emitter.on(key, listener);
    return () => this.emitter.off(key, listener);
  }
}
