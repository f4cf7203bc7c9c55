import { useEffect, useMemo, useState } from 'react';
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

/** How far the bar goes on time alone by the typical duration, and at most ever: only the server says a generation is done. */
const PACED_AT_TYPICAL = 80;
const PACED_CEILING = 95;

export interface JobPace {
  /** The server's percentage, carried on between its reports by the time the job has run. */
  progress: number;
  /** "Encore environ 12 s" while it runs, or that it takes longer than usual once past its typical duration. */
  remaining: string | null;
}

/**
 * A running job's pace at `now`, measured against how long its kind typically runs on this service:
 * a stage that lasts (a model reading a 12 MP photo) still moves the bar, and the wait is said.
 * Past the typical duration the bar slows down towards its ceiling rather than stopping.
 */
export function jobPace(job: JobProgress, now: number): JobPace {
  if (job.status !== 'running' || !job.startedAt || !job.typicalSeconds)
    return { progress: job.progress, remaining: null };
  const typical = job.typicalSeconds;
  const elapsed = Math.max(0, (now - Date.parse(job.startedAt)) / 1000);
  const byTime =
    elapsed <= typical
      ? (PACED_AT_TYPICAL * elapsed) / typical
      : PACED_AT_TYPICAL + (PACED_CEILING - PACED_AT_TYPICAL) * (1 - Math.exp(-(elapsed - typical) / typical));
  const left = Math.ceil(typical - elapsed);
  return {
    progress: Math.max(job.progress, Math.round(byTime)),
    remaining:
      left > 0
        ? `Encore environ ${left < 60 ? `${left} s` : `${Math.round(left / 60)} min`}`
        : "Plus long que d'habitude, encore un peu de patience",
  };
}

/** `jobPace`, kept current once a second while the job runs. */
export function useJobPace(job: JobProgress | null): JobPace | null {
  const [now, setNow] = useState(Date.now);
  const running = job?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return job ? jobPace(job, now) : null;
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
