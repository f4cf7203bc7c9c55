import { GenerationJob } from '@atelier/db';
import { endJob, jobMessages, transition } from './lifecycle';
import type { JobParts } from './types';

/** A job interrupted by a dead process is tried this many times in all. */
export const MAX_JOB_ATTEMPTS = 2;

/**
 * Takes back what dead processes left: running jobs whose heartbeat stopped are queued again
 * (the hold and the result belong to the job, so a retry is paid once) or, past their attempts,
 * failed with their credits given back; queued jobs go back in the queue (where one still
 * waits, it is not queued twice), so a job whose queueing failed is not forgotten.
 */
export async function recoverJobs(parts: JobParts, now: Date): Promise<{ retried: number; failed: number }> {
  const em = parts.orm.em.fork();
  const leaseRanOut = { heartbeatAt: { $lt: new Date(now.getTime() - parts.leaseMs) } };
  const stale = await em.find(
    GenerationJob,
    { status: 'running', ...leaseRanOut },
    { fields: ['id', 'attempts'], disableIdentityMap: true },
  );
  let retried = 0;
  let failed = 0;
  for (const job of stale) {
    if (job.attempts < MAX_JOB_ATTEMPTS) {
      // Unless its heartbeat came back meanwhile: its process was only slow.
      const requeued = await transition(
        em,
        job.id,
        ['running'],
        'queued',
        { progress: 0, heartbeatAt: null },
        leaseRanOut,
      );
      if (requeued) retried += 1;
    } else if (
      await endJob(parts, em, job.id, {
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
  for (const job of queued) await parts.queue.add({ jobId: job.id, userId: job.owner.id });
  return { retried, failed };
}
