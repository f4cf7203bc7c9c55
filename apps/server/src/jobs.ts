import { availableParallelism } from 'node:os';
import {
  BullMqQueue,
  InProcessQueue,
  jobKinds,
  JobService,
  RedisJobEvents,
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
