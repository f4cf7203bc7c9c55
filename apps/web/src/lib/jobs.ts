import { useMemo, useState } from 'react';
import { trpc, type RouterOutputs } from './trpc';

export type JobProgress = RouterOutputs['jobs']['get'];

const FINISHED = new Set(['succeeded', 'failed', 'canceled']);

/** "Transformation en cours · 40 %", or the place in the queue while it waits. */
export function describeJob(job: JobProgress): string {
  if (job.status === 'queued') {
    return job.place
      ? `En file d'attente · ${job.place} ${job.place > 1 ? 'générations' : 'génération'} avant la vôtre`
      : "En file d'attente · la vôtre est la prochaine";
  }
  return `${job.stage} · ${job.progress} %`;
}

/**
 * The signed-in user's generations in progress, live: the server streams every change (SSE), so
 * pages show the stage, the percentage and the place in the queue, and hear at once when one ends.
 * `onFinished` is told of each job that ends (to refresh what it changed).
 */
export function useJobsInProgress(enabled: boolean, onFinished?: (job: JobProgress) => void): JobProgress[] {
  const [jobs, setJobs] = useState<ReadonlyMap<number, JobProgress>>(new Map());
  trpc.jobs.active.useSubscription(undefined, {
    enabled,
    onData: (job) => {
      if (FINISHED.has(job.status)) onFinished?.(job);
      setJobs((current) => {
        const next = new Map(current);
        if (FINISHED.has(job.status)) next.delete(job.id);
        else next.set(job.id, job);
        return next;
      });
    },
  });
  return useMemo(() => [...jobs.values()].sort((a, b) => a.id - b.id), [jobs]);
}
