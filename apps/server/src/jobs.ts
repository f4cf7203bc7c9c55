import { availableParallelism } from 'node:os';
import {
  BullMqQueue,
  type FinishedJob,
  type ListVersions,
  InProcessQueue,
  jobKinds,
  JobService,
  RedisJobEvents,
  thumbnailRendering,
  type JobServiceOptions,
  type MediaDeps,
} from '@atelier/api';
import type { MikroORM } from '@atelier/db';
import type { SharedRedis } from './redis';

/** Generations of one user running at once; the user's others wait, with their place shown. */
const GENERATIONS_PER_USER = 2;

export interface JobServiceSettings {
  orm: MikroORM;
  media: MediaDeps;
  /** Generations running at once: in this process (default: its cores), and per user; the heartbeat lease. */
  generation?:
    { concurrency?: number | undefined; perUser?: number | undefined; leaseMs?: number | undefined } | undefined;
  /** With Redis, the queue and the job events are shared with every other instance. */
  redis: SharedRedis | null;
  onFinished?: JobServiceOptions['onFinished'];
  log: NonNullable<JobServiceOptions['log']>;
}

/**
 * What follows a generation's end, wherever it ran: the lists it changed get a new version (a
 * studio result and a workflow render go to the gallery with their payment), and it is counted.
 */
export function afterGeneration(
  listVersions: ListVersions,
  metrics: { generationEnded(job: FinishedJob): void } | null,
  log: { error(object: unknown, message: string): void },
): (job: FinishedJob) => Promise<void> | undefined {
  return (job) => {
    metrics?.generationEnded(job);
    const changed =
      job.kind === 'video'
        ? listVersions.videosChanged(job.userId)
        : job.kind === 'node'
          ? null
          : listVersions.galleryChanged(job.userId);
    return changed?.catch((error: unknown) => log.error({ err: error }, 'a list version could not be changed'));
  };
}

/** Generations this process runs at once: GENERATION_CONCURRENCY, or one per core. */
export function generationConcurrency(configured: number | undefined): number {
  return configured ?? availableParallelism();
}

/** The job service of this process, its queue and events in the process or on Redis. */
export async function createJobService({
  orm,
  media,
  generation,
  redis,
  onFinished,
  log,
}: JobServiceSettings): Promise<JobService> {
  const limits = {
    concurrency: generationConcurrency(generation?.concurrency),
    perUser: generation?.perUser ?? GENERATIONS_PER_USER,
  };
  const shared = redis
    ? {
        queue: new BullMqQueue({
          connection: redis.client,
          workerConnection: redis.worker,
          prefix: redis.prefix,
          limits,
          lockMs: generation?.leaseMs,
          // The thumbnails web servers ask for (they load no model), behind the paid work.
          alongside: thumbnailRendering((renderId) => media.renders.renderAsked(renderId), {
            publisher: redis.worker,
            prefix: redis.prefix,
            log,
          }),
          log,
        }),
        events: await RedisJobEvents.open({
          publisher: redis.client,
          subscriber: redis.subscriber,
          prefix: redis.prefix,
          log,
        }),
      }
    : { queue: new InProcessQueue(limits) };
  return new JobService({ orm, media, kinds: jobKinds, ...shared, leaseMs: generation?.leaseMs, onFinished, log });
}
