import type { GenerationJob } from '@atelier/db';
import { isCloudFailure, type CloudFailure } from '@atelier/media';
import { FAULT_REMEDIES, type FaultCode } from '../shared/faults';
import { JobRowInvalid } from './contracts';

/** Where maintenance failures, and failed generations, are reported. */
export interface JobLog {
  error(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
}

/** The cloud engine's failure behind an error, however wrapped (a video's failure keeps it as its cause). */
export function cloudFailureIn(error: unknown): CloudFailure | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) if (isCloudFailure(at)) return at;
  return undefined;
}

/**
 * A failed generation, for the operator: the job, the user, and for a cloud step the model, the
 * prediction, Replicate's status and words. What only the operator can remedy (a revoked token,
 * an empty balance, an input Replicate refused) is an error; the rest (a refusal by the model's
 * filter, a time-out) a warning. A cancel is no failure. A fault of the server's own resources
 * (a full disk) is an error that says what to do about it.
 */
export function logFailure(
  log: JobLog | undefined,
  job: GenerationJob,
  error: unknown,
  cloud: CloudFailure | undefined,
  fault: FaultCode | null,
): void {
  const context = { jobId: job.id, userId: job.owner.id, kind: job.kind, engine: job.engine };
  if (error instanceof JobRowInvalid)
    log?.error({ ...context, err: error }, 'generation failed: its stored input does not match its kind');
  else if (fault) log?.error({ ...context, fault, err: error }, `generation failed: ${FAULT_REMEDIES[fault]}`);
  else if (!cloud) log?.warn({ ...context, err: error }, 'generation failed');
  else if (cloud.reason === 'canceled') return;
  else if (cloud.needsOperator)
    log?.error({ ...context, ...cloud.toLog() }, 'cloud generation failed: the service refused our request');
  else log?.warn({ ...context, ...cloud.toLog() }, 'cloud generation failed');
}
