import { EventEmitter } from 'node:events';
import type { JobStatus } from '@atelier/db';
import type { AppErrorCode } from '../shared/errors';

/** What a client sees of a job at one moment. */
export interface JobSnapshot {
  id: number;
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

/** Every change of a job, to whoever follows it (the SSE streams, the waiting REST calls). */
export class JobEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(snapshot: JobSnapshot): void {
    this.emitter.emit(String(snapshot.id), snapshot);
  }

  /** Calls `listener` on each change of the job; returns the function that stops it. */
  subscribe(jobId: number, listener: (snapshot: JobSnapshot) => void): () => void {
    const key = String(jobId);
    this.emitter.on(key, listener);
    return () => this.emitter.off(key, listener);
  }
}
