import {
  GenerationJob,
  retryDeadlockOnce,
  type EntityData,
  type EntityManager,
  type FilterQuery,
  type JobKind,
  type JobStatus,
} from '@atelier/db';
import { ledger } from '../credits/ledger';
import { readJobInput, JobRowInvalid, type JobInput } from './contracts';
import type { JobErrorCode } from './events';
import { holdRef } from './paid-results';
import type { FinishedJob, JobKindWork, JobParts } from './types';

export const jobMessages = {
  queued: "En file d'attente",
  starting: 'Démarrage',
  succeeded: 'Terminé',
  failed: 'Échec de la génération',
  canceled: 'Annulé',
  canceledByUser: 'La génération a été annulée.',
  notFound: 'Génération introuvable.',
  finished: 'Cette génération est déjà terminée.',
  pending:
    'La génération prend plus de temps que prévu : elle continue, et son résultat apparaîtra dans votre galerie.',
  interrupted: 'La génération a été interrompue par un redémarrage du serveur.',
} as const;

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

/** Writes to a job that runs (its heartbeat, progress, predictions): false when it no longer runs. */
export async function updateRunning(
  em: EntityManager,
  jobId: number,
  fields: Omit<EntityData<GenerationJob>, 'status'>,
): Promise<boolean> {
  return (await em.nativeUpdate(GenerationJob, { id: jobId, status: 'running' }, fields)) === 1;
}

/**
 * Moves a job from one of `from` to a final status without a result, gives its credits back and
 * lets its kind undo what it prepared, in one transaction. False when the job was not in `from`.
 * `message` is what its owner reads; `errorCode`, for a failure, what a client branches on.
 */
export async function endJob<From extends JobStatus>(
  parts: Pick<JobParts, 'kinds' | 'log' | 'events' | 'snapshots' | 'onFinished'>,
  em: EntityManager,
  jobId: number,
  {
    from,
    to: status,
    message,
    errorCode = null,
  }: {
    from: readonly From[];
    to: Extract<MoveFrom<From>, 'failed' | 'canceled'>;
    message: string;
    errorCode?: JobErrorCode | null;
  },
): Promise<boolean> {
  const finish = () =>
    em.transactional(async (tx): Promise<FinishedJob | null> => {
      const moved = await transition(tx, jobId, from, status, {
        error: message,
        errorCode,
        finishedAt: new Date(),
        heartbeatAt: null,
      });
      if (!moved) return null;
      await ledger.release(tx, holdRef(jobId));
      const job = await tx.findOneOrFail(GenerationJob, jobId, {
        fields: ['kind', 'input', 'owner', 'engine'],
        disableIdentityMap: true,
      });
      await abandon(parts, tx, { ...job, id: jobId }, message);
      return { kind: job.kind, userId: job.owner.id, engine: job.engine, status };
    });
  const ended = await retryDeadlockOnce(finish, parts.log, { jobId, during: status });
  if (!ended) return false;
  parts.events.publish(await parts.snapshots.read(em, jobId));
  await parts.onFinished?.(ended);
  return true;
}

/**
 * Lets the job's kind undo what it prepared; a row its kind cannot read is logged, and the job
 * ends all the same (its credits given back).
 */
async function abandon(
  { kinds, log }: Pick<JobParts, 'kinds' | 'log'>,
  tx: EntityManager,
  job: { id: number; kind: JobKind; input: unknown },
  message: string,
): Promise<void> {
  const work: JobKindWork = kinds[job.kind];
  if (!work.abandon) return;
  let input: JobInput<JobKind>;
  try {
    input = readJobInput(job);
  } catch (error) {
    if (!(error instanceof JobRowInvalid)) throw error;
    log?.error({ err: error, jobId: job.id }, 'job input unreadable: what its kind prepared is left as is');
    return;
  }
  await work.abandon(tx, { id: job.id, input }, message);
}
