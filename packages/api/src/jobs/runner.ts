import { GenerationJob, LockMode, raw, retryDeadlockOnce, type EntityManager } from '@atelier/db';
import { WorkHandedOver } from '@atelier/media';
import { ledger } from '../credits/ledger';
import { mediaFailure } from '../media/errors';
import { faultCodeOf } from '../shared/faults';
import { JobAttempt } from './attempt';
import { readJobInput } from './contracts';
import { cloudFailureIn, logFailure } from './failures';
import { endJob, jobMessages, transition } from './lifecycle';
import { holdRef } from './paid-results';
import type { JobRunner } from './queue';
import { ResultNotKept, type CommittedRun, type JobKindWork, type JobParts } from './types';

/**
 * The jobs this process runs. Each is claimed (it may have been canceled or taken meanwhile),
 * produced, then kept, its result recorded and paid in one transaction, or ended without one.
 */
export class JobRuns {
  /** Aborted when this process stops before its running jobs finish: they go back in line. */
  private readonly handingBack = new AbortController();
  /** The runs of this process, so a stop can wait for them. */
  private readonly runs = new Set<Promise<unknown>>();

  constructor(private readonly parts: JobParts) {}

  /** Jobs running in this process now. */
  get count(): number {
    return this.runs.size;
  }

  /** What the queue hands its jobs to. Resolves to 'handed-back' when this process stopped first and queued it again. */
  readonly take: JobRunner = (job) => {
    const running = this.run(job.jobId).finally(() => this.runs.delete(running));
    this.runs.add(running);
    return running;
  };

  /** Stops the running jobs, for another process to take up; settles once their runs have. */
  handBack(): Promise<unknown> {
    // Their cloud predictions go on: the next attempt reads them rather than paying for new ones.
    this.handingBack.abort(new WorkHandedOver());
    return Promise.allSettled([...this.runs]);
  }

  private async run(jobId: number): Promise<'handed-back' | void> {
    const em = this.parts.orm.em.fork();
    const claimedAt = new Date();
    const claimed = await transition(em, jobId, ['queued'], 'running', {
      startedAt: claimedAt,
      heartbeatAt: claimedAt,
      progress: 5,
      attempts: raw('attempts + 1'),
    });
    if (!claimed) return;
    const job = await em.findOneOrFail(GenerationJob, jobId, { disableIdentityMap: true });
    const attempt = await JobAttempt.begin(this.parts, em, job, claimedAt, this.handingBack.signal);
    try {
      await this.produceAndKeep(em, job, attempt);
    } catch (error) {
      await this.fail(em, job, attempt, error);
    } finally {
      attempt.stop();
      if (attempt.status !== 'handed-back') await this.parts.onFinished?.(attempt.finished(attempt.status));
      this.parts.events.publish(await this.parts.snapshots.read(em, jobId));
    }
    return attempt.status === 'handed-back' ? attempt.status : undefined;
  }

  private async produceAndKeep(em: EntityManager, job: GenerationJob, attempt: JobAttempt): Promise<void> {
    const work: JobKindWork = this.parts.kinds[job.kind];
    // A row its kind cannot read fails here, as a generation that failed: logged, its credits given back.
    const input = readJobInput(job);
    const base: CommittedRun = {
      media: this.parts.media,
      job: { id: job.id, userId: job.owner.id, input, seed: job.seed, predictions: [...(job.predictions ?? [])] },
    };
    const produced = await work.produce({
      ...base,
      em,
      signal: attempt.signal,
      started: attempt.started,
      report: attempt.report,
    });
    const kept = await this.keep(em, job.id, work, base, produced).catch(async (error: unknown) => {
      // Nothing names these files, unless the commit went through all the same (its answer lost
      // with the connection): then they are the paid result.
      const status = await em
        .fork()
        .findOne(GenerationJob, job.id, { fields: ['status'], disableIdentityMap: true })
        .then(
          (row) => row?.status,
          () => undefined,
        );
      if (status !== 'succeeded') await this.discard(job.id, work, produced);
      throw error;
    });
    if (!kept) {
      attempt.status = 'canceled';
      await this.discard(job.id, work, produced);
      await endJob(this.parts, em, job.id, { from: ['running'], to: 'canceled', message: jobMessages.canceledByUser });
    }
  }

  /** A run that threw: handed back when this process is stopping, failed otherwise (its credits given back). */
  private async fail(em: EntityManager, job: GenerationJob, attempt: JobAttempt, error: unknown): Promise<void> {
    // Stopped by this process's shutdown, not by the job: another worker takes it up again.
    if (this.handingBack.signal.aborted && (await this.requeue(em, job.id))) {
      attempt.status = 'handed-back';
      return;
    }
    attempt.status = 'failed';
    const failure = mediaFailure(error);
    const fault = faultCodeOf(failure);
    attempt.cloud = cloudFailureIn(error);
    logFailure(this.parts.log, job, error, attempt.cloud, fault);
    await endJob(this.parts, em, job.id, {
      from: ['running'],
      to: 'failed',
      message: failure.message,
      errorCode: fault ?? failure.appCode,
    });
  }

  /** Puts a job this process was running back in line, its attempt not counted: false if it ended meanwhile. */
  private requeue(em: EntityManager, jobId: number): Promise<boolean> {
    return transition(em, jobId, ['running'], 'queued', {
      progress: 0,
      heartbeatAt: null,
      attempts: raw('attempts - 1'),
    });
  }

  /**
   * Records the result and settles its credits in one transaction: true, or false when the job was
   * canceled meanwhile (nothing is recorded; the cancel gave the credits back). The job's row is
   * taken first, as a cancel takes it: otherwise the result's foreign key share-locks the owner's
   * row, the cancel holds the job's and wants the owner's, and the two deadlock.
   */
  private keep(
    em: EntityManager,
    jobId: number,
    work: JobKindWork,
    base: CommittedRun,
    produced: unknown,
  ): Promise<boolean> {
    const commit = () =>
      em.transactional(async (tx) => {
        const running = await tx.findOne(
          GenerationJob,
          { id: jobId, status: 'running' },
          { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'], disableIdentityMap: true },
        );
        if (!running) return false;
        const result = await work.commit(tx, base, produced);
        // The row is locked as running, so the move cannot miss; should it, nothing is kept or paid.
        const succeeded = await transition(tx, jobId, ['running'], 'succeeded', {
          progress: 100,
          result,
          finishedAt: new Date(),
          heartbeatAt: null,
        });
        if (!succeeded) throw new ResultNotKept();
        await ledger.settle(tx, holdRef(jobId));
        return true;
      });
    return retryDeadlockOnce(commit, this.parts.log, { jobId, during: 'commit' }).catch((error: unknown) => {
      if (error instanceof ResultNotKept) return false;
      throw error;
    });
  }

  /** Deletes the files of a result no one will get; should that fail, the operator is told which. */
  private async discard(jobId: number, work: JobKindWork, produced: unknown): Promise<void> {
    await work
      .discard(this.parts.media, produced)
      .catch((error: unknown) =>
        this.parts.log?.error({ jobId, produced, err: error }, 'result files of a job not kept: delete them by hand'),
      );
  }
}
