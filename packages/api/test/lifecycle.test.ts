import { GenerationJob, JOB_STATUSES, User, type JobStatus, type MikroORM } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MOVES, jobMessages, transition } from '../src/jobs/lifecycle';

/** The moves the table allows, as `from→to`. */
const allowed = JOB_STATUSES.flatMap((from) => Object.keys(JOB_MOVES[from]).map((to) => `${from}→${to}`));

describe('the moves of a job', () => {
  it('go from queued to running or canceled, from running to an end or back in line, and never from an end', () => {
    expect(allowed.sort()).toEqual(
      [
        'queued→running',
        'queued→canceled',
        'running→succeeded',
        'running→failed',
        'running→canceled',
        'running→queued',
      ].sort(),
    );
  });

  it('write one stage for each status entered, whatever it came from', () => {
    const stages = new Map<string, Set<string>>();
    for (const from of JOB_STATUSES)
      for (const [to, stage] of Object.entries(JOB_MOVES[from]))
        stages.set(to, (stages.get(to) ?? new Set()).add(stage));
    expect(Object.fromEntries([...stages].map(([to, of]) => [to, [...of]]))).toEqual({
      running: [jobMessages.starting],
      canceled: [jobMessages.canceled],
      succeeded: [jobMessages.succeeded],
      failed: [jobMessages.failed],
      queued: [jobMessages.queued],
    });
  });
});

describe.each(testDatabaseTargets())('a job moved on $name', (target) => {
  let db: TestDatabase;
  let ownerId: number;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    ownerId = await db.orm.em.fork().insert(User, {
      email: 'lifecycle@example.fr',
      passwordHash: 'x',
      firstName: 'Lé',
      lastName: 'Cycle',
      username: 'lifecycle',
      credits: 0,
      subscriptionType: 'free',
      createdAt: new Date(),
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  async function jobIn(orm: MikroORM, status: JobStatus): Promise<number> {
    return orm.em.fork().insert(GenerationJob, {
      owner: ownerId,
      kind: 'studio',
      input: {},
      status,
      progress: 0,
      stage: 'avant',
      attempts: 0,
      seed: 1,
      engine: 'local',
      createdAt: new Date(),
    });
  }

  const row = (jobId: number) =>
    db.orm.em
      .fork()
      .findOneOrFail(GenerationJob, jobId, {
        fields: ['status', 'stage', 'progress', 'error'],
        disableIdentityMap: true,
      })
      .then(({ status, stage, progress, error }) => ({ status, stage, progress, error }));

  it('moves an allowed move, writing its stage and fields', async () => {
    const jobId = await jobIn(db.orm, 'queued');
    expect(await transition(db.orm.em.fork(), jobId, ['queued'], 'running', { progress: 5 })).toBe(true);
    expect(await row(jobId)).toEqual({ status: 'running', stage: jobMessages.starting, progress: 5, error: null });
  });

  it('moves from any of several statuses to one they all allow', async () => {
    const jobId = await jobIn(db.orm, 'running');
    const moved = await transition(db.orm.em.fork(), jobId, ['queued', 'running'], 'canceled', { error: 'Annulé' });
    expect(moved).toBe(true);
    expect(await row(jobId)).toMatchObject({ status: 'canceled', stage: jobMessages.canceled });
  });

  it('refuses a move the table does not allow, and changes nothing', async () => {
    const refused: [JobStatus, JobStatus][] = [
      ['succeeded', 'running'],
      ['canceled', 'queued'],
      ['failed', 'succeeded'],
      ['queued', 'succeeded'],
      ['queued', 'failed'],
    ];
    for (const [from, to] of refused) {
      const jobId = await jobIn(db.orm, from);
      const before = await row(jobId);
      await expect(transition(db.orm.em.fork(), jobId, [from], to as never, { progress: 50 })).rejects.toThrow(
        `may not move from ${from} to ${to}`,
      );
      expect(await row(jobId)).toEqual(before);
    }
  });

  it('changes nothing when the job has left the status it moves from', async () => {
    const jobId = await jobIn(db.orm, 'running');
    expect(await transition(db.orm.em.fork(), jobId, ['running'], 'canceled', { error: 'Annulé' })).toBe(true);
    const canceled = await row(jobId);
    // The run that ends it, too late: the cancel came first.
    const failed = await transition(db.orm.em.fork(), jobId, ['running'], 'failed', { error: 'Échec', progress: 9 });
    expect(failed).toBe(false);
    expect(await row(jobId)).toEqual(canceled);
  });

  it('changes nothing when the row does not match what else the move asks', async () => {
    const jobId = await jobIn(db.orm, 'running');
    const before = await row(jobId);
    const moved = await transition(db.orm.em.fork(), jobId, ['running'], 'queued', { progress: 0 }, { attempts: 7 });
    expect(moved).toBe(false);
    expect(await row(jobId)).toEqual(before);
  });
});
