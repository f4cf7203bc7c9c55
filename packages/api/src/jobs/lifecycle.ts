import { GenerationJob, type EntityData, type EntityManager, type FilterQuery, type JobStatus } from '@atelier/db';
import { jobMessages } from './service';

/**
 * Every move a job may make, from each status to the ones it may go to, with the stage each move
 * writes. A job is queued, run (or canceled first), then ends once: a running job may also go
 * back in line (its process stopped or died). A finished job never moves again.
 */
export const JOB_MOVES = {
  queued: { running: jobMessages.starting, canceled: jobMessages.canceled },
  running: {
    succeeded: jobMessages.succeeded,
    failed: jobMessages.failed,
    canceled: jobMessages.canceled,
    queued: jobMessages.queued,
  },
  succeeded: {},
  failed: {},
  canceled: {},
} as const satisfies Record<JobStatus, Partial<Record<JobStatus, string>>>;

/** The statuses a job may move to from every one of `From`. */
export type MoveFrom<From extends JobStatus> = keyof (typeof JOB_MOVES)[From] & JobStatus;

/** What a move writes besides the status and the stage, which the move decides. */
export type MoveFields = Omit<EntityData<GenerationJob>, 'status' | 'stage'>;

/**
 * Moves a job from one of `from` to `to` in one conditional update, writing the move's stage and
 * `fields`, where it also matches `where`: true if it moved, false when the job was no longer in
 * `from` (another process or a cancel moved it first). A move the table does not allow throws.
 */
export async function transition<From extends JobStatus>(
  em: EntityManager,
  jobId: number,
  from: readonly From[],
  to: MoveFrom<From>,
  fields: MoveFields,
  where: FilterQuery<GenerationJob> = {},
): Promise<boolean> {
  const stages = new Set(from.map((status) => (JOB_MOVES[status] as Partial<Record<JobStatus, string>>)[to]));
  const [stage] = stages;
  if (stages.size !== 1 || stage === undefined)
    throw new Error(`job ${jobId} may not move from ${from.join(' or ')} to ${to}`);
  const moved = await em.nativeUpdate(
    GenerationJob,
    { ...(where as object), id: jobId, status: { $in: [...from] } },
    { ...fields, status: to, stage },
  );
  return moved === 1;
}
