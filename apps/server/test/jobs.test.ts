import { JOB_LEASE_MS, MAX_JOB_ATTEMPTS } from '@atelier/api';
import { CreditEntry, GenerationJob, Upload, User, Video } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { LocalImageEngine, LocalVideoEngine, type ImageEngine, type VideoEngine } from '@atelier/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobService } from '../src/jobs';
import { connectRedis } from '../src/redis';
import { addressesIn } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { testQueueTargets } from './support/redis';

/** A promise the test resolves when it wants the engines to go on. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The real local engines, held at a gate while `held` is set, counting how many run at once:
 * the test decides when work finishes, so nothing depends on timing.
 */
class GatedEngines {
  running = 0;
  mostAtOnce = 0;
  started = 0;
  held: ReturnType<typeof gate> | null = null;
  /** What a picture lists at, as a cloud engine would say: none, an image's price, unless a test sets it. */
  listPriceUsd = 0;
  private readonly imageEngine = new LocalImageEngine();
  private readonly videoEngine = new LocalVideoEngine();
  private startedWaiters: { count: number; resolve: () => void }[] = [];

  private async around<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    this.started += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    this.startedWaiters = this.startedWaiters.filter((w) => (this.started >= w.count ? (w.resolve(), false) : true));
    try {
      if (this.held) await this.held.opened;
      return await work();
    } finally {
      this.running -= 1;
    }
  }

  /** Resolves once `count` engine runs have started in all. */
  untilStarted(count: number): Promise<void> {
    if (this.started >= count) return Promise.resolve();
    return new Promise((resolve) => this.startedWaiters.push({ count, resolve }));
  }

  readonly images: ImageEngine = {
    name: 'local',
    transform: (request) => this.around(() => this.imageEngine.transform(request)),
    listPriceUsd: () => this.listPriceUsd,
  };
  readonly videos: VideoEngine = {
    name: 'local',
    generate: (request) => this.around(() => this.videoEngine.generate(request)),
  };
}

/** Every database, each with the queue in the process and (with REDIS_URL) on Redis. */
const targets = testDatabaseTargets().flatMap((database) =>
  testQueueTargets().map((queue) => ({ name: `${database.name}, queue ${queue.name}`, database, queue })),
);

async function signedIn(
  t: TestApp,
  ip: string,
): Promise<{ c: TestClient; userId: number; uploadId: number; imagePath: string }> {
  const c = t.client({ ip });
  const { user } = await c.register();
  const { body } = await c.upload(await samplePhoto(3, 240, 160), { style: 'Aquarelle' });
  return { c, userId: user.id, uploadId: body.id, imagePath: body.imagePath };
}

/** The events of a job's stream until it ends. */
/** A job service started as after a crash, run until `jobId` ends as `status`, then closed. */
async function restartUntil(
  t: TestApp,
  jobId: number,
  status: 'succeeded' | 'failed',
  generation?: { concurrency: number; perUser: number },
): Promise<void> {
  const redis = t.redis ? await connectRedis(t.redis, t.app.log) : null;
  const restarted = await createJobService({ orm: t.db.orm, media: t.media, redis, log: t.app.log, generation });
  const reached = new Promise<void>((resolve) =>
    restarted.events.subscribe(jobId, (snapshot) => snapshot.status === status && resolve()),
  );
  await restarted.start();
  await reached;
  await restarted.close();
  await redis?.close();
}

async function finished(c: TestClient, jobId: number) {
  const events = await c.get(`/api/jobs/${jobId}/events`);
  expect(events.status).toBe(200);
  return events.text
    .split('\n\n')
    .filter((block) => block.startsWith('event: job'))
    .map((block) => JSON.parse(block.split('data: ')[1]!) as { status: string; progress: number; stage: string });
}

const respondAsync = { prefer: 'respond-async' };

describe.each(targets)('generation jobs on $name', ({ database, queue }) => {
  let t: TestApp;
  const engines = new GatedEngines();
  const nextAddress = addressesIn(50);
  const newUser = () => signedIn(t, nextAddress());

  const em = () => t.db.orm.em.fork();
  const balance = async (userId: number) => (await em().findOneOrFail(User, userId)).credits;
  /** What the ledger says the balance is: every settled or held entry, credits minus debits. */
  const ledgerSum = async (userId: number) =>
    (await em().find(CreditEntry, { user: userId, status: { $ne: 'released' } })).reduce(
      (sum, e) => sum + (e.type === 'credit' ? e.amount : -e.amount),
      0,
    );

  /** The 50 credits a job holds, as its submit took them (from a balance of 500). */
  const holdCredits = (userId: number, jobId: number, at: Date) =>
    em().insert(CreditEntry, {
      user: userId,
      type: 'debit',
      status: 'held',
      amount: 50,
      balanceAfter: 450,
      description: "Transformation d'image",
      reason: 'transformation',
      externalRef: `job:${jobId}`,
      createdAt: at,
      updatedAt: at,
    });

  beforeAll(async () => {
    t = await startTestApp(database, {
      queue,
      media: { images: engines.images, videos: engines.videos },
      generation: { concurrency: 2, perUser: 2 },
    });
  });
  afterAll(async () => {
    engines.held?.open();
    await t?.close();
  });

  it('pays for exactly 10 of 30 simultaneous image jobs on 500 credits, and the ledger sums to the balance', async () => {
    const { c, userId, uploadId } = await newUser();
    const answers = await Promise.all(Array.from({ length: 30 }, () => c.post(`/api/transform/${uploadId}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(20);
    expect(await balance(userId)).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
    expect(await em().count(GenerationJob, { owner: userId, status: 'succeeded' })).toBe(10);
    expect(await em().count(GenerationJob, { owner: userId })).toBe(10); // a refused job leaves nothing
    expect(engines.mostAtOnce).toBeLessThanOrEqual(2);
  });

  it('holds and takes a price other than 50 exactly: 2 of 10 simultaneous jobs at 170 credits on 500', async () => {
    const { c, userId, uploadId } = await newUser();
    // $0.28 lists at 170 credits (catalog/src/pricing.ts).
    engines.listPriceUsd = 0.28;
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => c.post(`/api/transform/${uploadId}`)));
      expect(answers.filter((a) => a.status === 200).map((a) => a.body.creditsCharged)).toEqual([170, 170]);
      const refused = answers.filter((a) => a.status === 402);
      expect(refused).toHaveLength(8);
      expect(refused[0]!.body.message).toBe(
        'Crédits insuffisants. Vous avez besoin de 170 crédits pour cette transformation.',
      );
    } finally {
      engines.listPriceUsd = 0;
    }
    expect(await balance(userId)).toBe(160);
    expect(await ledgerSum(userId)).toBe(160);
    const paid = await em().find(CreditEntry, { user: userId, type: 'debit' });
    expect(paid.map(({ amount, status }) => ({ amount, status }))).toEqual([
      { amount: 170, status: 'settled' },
      { amount: 170, status: 'settled' },
    ]);
    const jobs = await em().find(GenerationJob, { owner: userId });
    expect(jobs.map(({ credits, status }) => ({ credits, status }))).toEqual([
      { credits: 170, status: 'succeeded' },
      { credits: 170, status: 'succeeded' },
    ]);
  });

  it('answers 202 with the job at once when asked to, then shows its progress to the end', async () => {
    const { c, userId, uploadId } = await newUser();
    engines.held = gate();
    const startedBefore = engines.started;
    const accepted = await c.post(`/api/transform/${uploadId}`, {}, respondAsync);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'pending', jobId: expect.any(Number) });
    const jobId = accepted.body.jobId as number;
    await engines.untilStarted(startedBefore + 1);
    const running = await c.get(`/api/jobs/${jobId}`);
    expect(running.body).toMatchObject({
      id: jobId,
      status: 'running',
      stage: 'Transformation en cours',
      result: null,
    });
    expect(await balance(userId)).toBe(450); // held while it runs

    // Another user cannot see or cancel it.
    const other = (await newUser()).c;
    expect((await other.get(`/api/jobs/${jobId}`)).status).toBe(404);
    expect((await other.post(`/api/jobs/${jobId}/cancel`)).status).toBe(404);

    const events = finished(c, jobId);
    engines.held.open();
    engines.held = null;
    const snapshots = await events;
    expect(snapshots[0]).toMatchObject({ status: 'running' });
    expect(snapshots.at(-1)).toMatchObject({ status: 'succeeded', progress: 100, stage: 'Terminé' });
    const progress = snapshots.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const done = await c.get(`/api/jobs/${jobId}`);
    expect(done.body.result.resultUrl).toMatch(/^\/api\/media\/results\//);
    expect((await c.get(done.body.result.resultUrl)).status).toBe(200);
    // The address is the client's; where the file is stored is the server's business.
    expect(done.body.result).not.toHaveProperty('resultKey');
    expect(await balance(userId)).toBe(450);
  });

  it('says how long a generation of its kind typically runs here, once three have succeeded', async () => {
    const { c, uploadId } = await newUser();
    for (let made = 0; made < 3; made += 1) expect((await c.post(`/api/transform/${uploadId}`)).status).toBe(200);
    engines.held = gate();
    const startedBefore = engines.started;
    const jobId = (await c.post(`/api/transform/${uploadId}`, {}, respondAsync)).body.jobId as number;
    await engines.untilStarted(startedBefore + 1);
    const running = (await c.get(`/api/jobs/${jobId}`)).body;
    expect(running.typicalSeconds).toBeGreaterThanOrEqual(1);
    expect(Date.now() - Date.parse(running.startedAt)).toBeLessThan(60_000);
    const events = finished(c, jobId);
    engines.held.open();
    engines.held = null;
    expect((await events).at(-1)).toMatchObject({ status: 'succeeded', startedAt: null, typicalSeconds: null });
  });

  it('never runs more than two of one user at once: the others wait with their place, and a canceled one leaves the line', async () => {
    const { c, userId, uploadId } = await newUser();
    engines.held = gate();
    const startedBefore = engines.started;
    const jobs = [];
    for (let i = 0; i < 4; i += 1)
      jobs.push((await c.post(`/api/transform/${uploadId}`, {}, respondAsync)).body.jobId as number);
    await engines.untilStarted(startedBefore + 2);
    const states = await Promise.all(
      jobs.map(async (id) => (await c.get(`/api/jobs/${id}`)).body as { status: string; place: number | null }),
    );
    expect(states.map((s) => s.status)).toEqual(['running', 'running', 'queued', 'queued']);
    expect(states.map((s) => s.place)).toEqual([null, null, 0, 1]);
    expect(engines.running).toBe(2);

    expect((await c.post(`/api/jobs/${jobs[2]}/cancel`)).status).toBe(200);
    expect((await c.get(`/api/jobs/${jobs[3]}`)).body).toMatchObject({ status: 'queued', place: 0 });
    engines.held.open();
    engines.held = null;
    for (const id of [jobs[0]!, jobs[1]!, jobs[3]!]) expect((await finished(c, id)).at(-1)?.status).toBe('succeeded');
    expect((await c.get(`/api/jobs/${jobs[2]}`)).body).toMatchObject({ status: 'canceled', place: null });
    expect(engines.started).toBe(startedBefore + 3); // the canceled one never ran
    expect(await balance(userId)).toBe(350);
    expect(engines.mostAtOnce).toBeLessThanOrEqual(2);
  });

  it('gives the credits back when a job is canceled, and keeps no result', async () => {
    const { c, userId, uploadId } = await newUser();
    engines.held = gate();
    const startedBefore = engines.started;
    const { jobId } = (await c.post(`/api/transform/${uploadId}`, {}, respondAsync)).body as { jobId: number };
    await engines.untilStarted(startedBefore + 1);
    expect(await balance(userId)).toBe(450);
    const canceled = await c.post(`/api/jobs/${jobId}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled' });
    expect(await balance(userId)).toBe(500);
    const events = finished(c, jobId);
    engines.held.open();
    engines.held = null;
    expect((await events).at(-1)).toMatchObject({ status: 'canceled' });
    expect(await balance(userId)).toBe(500);
    expect(await ledgerSum(userId)).toBe(500);
    expect((await c.get(`/api/jobs/${jobId}`)).body).toMatchObject({ status: 'canceled', result: null });
    expect((await c.post(`/api/jobs/${jobId}/cancel`)).status).toBe(409);
  });

  it('makes three paid videos from three simultaneous requests on one image', async () => {
    const { c, userId, imagePath } = await newUser();
    const answers = await Promise.all([1, 2, 3].map(() => c.post('/api/generate-video', { imageUrl: imagePath })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const urls = new Set(answers.map((a) => a.body.videoUrl as string));
    expect(urls.size).toBe(3);
    expect(await balance(userId)).toBe(350);
    const list = await c.get(`/api/videos/all/${userId}`);
    expect(list.body.videos.filter((v: { status: string }) => v.status === 'ready')).toHaveLength(3);
  });

  it('reports the progress of a video as ffmpeg writes the clip', async () => {
    const { c, imagePath } = await newUser();
    const { jobId } = (await c.post('/api/generate-video', { imageUrl: imagePath }, respondAsync)).body as {
      jobId: number;
    };
    const snapshots = await finished(c, jobId);
    const animating = snapshots.filter((s) => s.stage === 'Animation en cours').map((s) => s.progress);
    expect(animating.some((progress) => progress > 20 && progress < 90)).toBe(true);
    expect(snapshots.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
  });

  it('reports the progress of an HD enlargement tile by tile', async () => {
    const { c } = await newUser();
    // 600 × 200: three tiles for ESRGAN, each a step of the job's progress.
    const { body } = await c.upload(await samplePhoto(5, 600, 200), {
      selection: JSON.stringify({ upscale: { id: 'upscale-2x' } }),
    });
    const { jobId } = (await c.post(`/api/transform/${body.id}`, {}, respondAsync)).body as { jobId: number };
    const snapshots = await finished(c, jobId);
    const transforming = snapshots.filter((s) => s.stage === 'Transformation en cours').map((s) => s.progress);
    expect(transforming.some((progress) => progress > 20 && progress < 90)).toBe(true);
    expect(snapshots.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
  });

  it('charges nothing for a video deleted while it is made', async () => {
    const { c, userId, imagePath } = await newUser();
    await c.post('/api/videos/create-placeholder', {
      userId,
      sourceImagePath: imagePath,
      prompt: 'travelling',
      placeholderId: 'card-1',
    });
    engines.held = gate();
    const startedBefore = engines.started;
    const { jobId } = (await c.post('/api/generate-video', { imageUrl: imagePath }, respondAsync)).body as {
      jobId: number;
    };
    await engines.untilStarted(startedBefore + 1);
    const [card] = await em().find(Video, { owner: userId });
    expect(card).toMatchObject({ jobId, status: 'pending' });
    expect((await c.request('DELETE', `/api/videos/${card!.id}`)).status).toBe(200);
    const events = finished(c, jobId);
    engines.held.open();
    engines.held = null;
    expect((await events).at(-1)).toMatchObject({ status: 'canceled' });
    expect(await balance(userId)).toBe(500);
    expect(await em().count(Video, { owner: userId })).toBe(0);
    expect(await ledgerSum(userId)).toBe(500);
  });

  it('after a crash, retries the jobs a dead process left running and pays them once, or fails them and gives the credits back', async () => {
    const { userId, uploadId } = await newUser();
    const upload = await em().findOneOrFail(Upload, uploadId);
    const long = new Date(Date.now() - 2 * JOB_LEASE_MS);
    // What a process killed mid-generation leaves: running jobs, their credits held.
    const orphan = async (attempts: number) => {
      const fork = em();
      const id = await fork.insert(GenerationJob, {
        owner: userId,
        kind: 'studio',
        input: { sourceKey: upload.storageKey, prompt: 'Aquarelle', selection: {}, uploadId, options: {} },
        status: 'running',
        progress: 20,
        stage: 'Transformation en cours',
        attempts,
        seed: 7,
        engine: 'local',
        createdAt: long,
        startedAt: long,
        heartbeatAt: long,
      });
      await holdCredits(userId, id, long);
      return id;
    };
    const retried = await orphan(1);
    const exhausted = await orphan(MAX_JOB_ATTEMPTS);
    await em().nativeUpdate(User, { id: userId }, { credits: 400 });
    expect(await ledgerSum(userId)).toBe(400);

    // A process starting after the crash takes them back (on Redis, it or the running instance runs the retry).
    await restartUntil(t, retried, 'succeeded', { concurrency: 1, perUser: 1 });

    const jobs = await em().find(GenerationJob, { id: { $in: [retried, exhausted] } }, { orderBy: { id: 'asc' } });
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
      ['succeeded', 2],
      ['failed', MAX_JOB_ATTEMPTS],
    ]);
    expect(await em().count(GenerationJob, { owner: userId, status: 'running' })).toBe(0);
    expect(await balance(userId)).toBe(450); // the retry paid once, the failure gave its 50 back
    expect(await ledgerSum(userId)).toBe(await balance(userId));
  });

  it('fails a job whose stored input its kind cannot read, gives its credits back and logs why; a result it cannot read is shown as none', async () => {
    const { c, userId } = await newUser();
    const fork = em();
    const row = { owner: userId, kind: 'studio' as const, progress: 0, attempts: 0, seed: 7, engine: 'local' };
    // What an older or broken version could have left: an input without its source, a result without its address.
    const unreadable = await fork.insert(GenerationJob, {
      ...row,
      input: { prompt: 'Aquarelle', selection: {}, options: {} },
      status: 'queued',
      stage: "En file d'attente",
      createdAt: new Date(),
    });
    await holdCredits(userId, unreadable, new Date());
    await fork.nativeUpdate(User, { id: userId }, { credits: 450 });
    const oddResult = await fork.insert(GenerationJob, {
      ...row,
      input: { sourceKey: 'uploads/x.jpg', prompt: 'Aquarelle', selection: {}, options: {} },
      result: { transformationId: 'seven' },
      status: 'succeeded',
      stage: 'Terminé',
      createdAt: new Date(),
    });
    const logged = vi.spyOn(t.app.log, 'error');

    // Queued by the database alone: a process starting now finds it (on Redis, either instance may run it).
    await restartUntil(t, unreadable, 'failed');

    const job = await c.get(`/api/jobs/${unreadable}`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ status: 'failed', errorCode: 'UPSTREAM', result: null });
    expect(await balance(userId)).toBe(500);
    expect(await ledgerSum(userId)).toBe(500);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ jobId: unreadable }),
      'generation failed: its stored input does not match its kind',
    );

    const shown = await c.get(`/api/jobs/${oddResult}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'succeeded', result: null });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ jobId: oddResult }),
      'job result unreadable: shown as none',
    );
    logged.mockRestore();
  });
});

/** Two server instances on one database and one Redis, as behind a load balancer. */
const redisTargets = testDatabaseTargets().flatMap((database) =>
  testQueueTargets()
    .filter((queue) => queue.name === 'redis')
    .map((queue) => ({ name: database.name, database, queue })),
);

describe.each(redisTargets)('generation jobs on two instances sharing Redis, on $name', ({ database, queue }) => {
  let a: TestApp;
  let b: TestApp;
  const engines = new GatedEngines();
  const nextAddress = addressesIn(51);
  const em = () => a.db.orm.em.fork();

  /** The user's client on instance A, and the same session on instance B. */
  async function onBoth() {
    const user = await signedIn(a, nextAddress());
    const onB = b.client({ ip: nextAddress() });
    user.c.copySessionTo(onB);
    return { ...user, onA: user.c, onB };
  }

  beforeAll(async () => {
    const generation = { concurrency: 2, perUser: 2 };
    a = await startTestApp(database, { queue, media: { images: engines.images, videos: engines.videos }, generation });
    b = await startTestApp(database, { instanceOf: a, generation });
  });
  afterAll(async () => {
    engines.held?.open();
    await b?.close();
    await a?.close();
  });

  it('never runs more than two of one user at once across both, while another user runs beside them', async () => {
    const u = await onBoth();
    const v = await onBoth();
    engines.held = gate();
    const startedBefore = engines.started;
    const jobsOfU: number[] = [];
    for (let i = 0; i < 5; i += 1)
      jobsOfU.push(
        (await (i % 2 ? u.onB : u.onA).post(`/api/transform/${u.uploadId}`, {}, respondAsync)).body.jobId as number,
      );
    const jobsOfV: number[] = [];
    for (let i = 0; i < 2; i += 1)
      jobsOfV.push((await v.onB.post(`/api/transform/${v.uploadId}`, {}, respondAsync)).body.jobId as number);

    // Four workers in all: two run U's jobs; V's, queued after U's other three, take the two
    // left, which both workers could only reach by setting U's three aside.
    await engines.untilStarted(startedBefore + 4);
    expect(engines.running).toBe(4);
    const statesOfU = await Promise.all(
      jobsOfU.map(async (id) => (await u.onB.get(`/api/jobs/${id}`)).body as { status: string; place: number | null }),
    );
    expect(statesOfU.filter((s) => s.status === 'running')).toHaveLength(2);
    const waiting = statesOfU.filter((s) => s.status === 'queued');
    expect(waiting.map((s) => s.place).sort()).toEqual([0, 1, 2]);
    expect(await em().count(GenerationJob, { id: { $in: jobsOfV }, status: 'running' })).toBe(2);

    // One of those set aside is canceled: it leaves the queue, and its user's next slot goes to another.
    const canceled = jobsOfU[statesOfU.findIndex((s) => s.status === 'queued')]!;
    expect((await u.onA.post(`/api/jobs/${canceled}/cancel`)).status).toBe(200);
    engines.held.open();
    engines.held = null;
    for (const id of jobsOfU)
      expect((await finished(u.onA, id)).at(-1)?.status).toBe(id === canceled ? 'canceled' : 'succeeded');
    expect(engines.started).toBe(startedBefore + 6);
    for (const id of jobsOfV) expect((await finished(v.onA, id)).at(-1)?.status).toBe('succeeded');

    // Each job ran between its claim and its end: at no moment were three of U's between the two.
    const ranOfU = await em().find(GenerationJob, { id: { $in: jobsOfU }, status: 'succeeded' });
    const moments = ranOfU.flatMap((job) => [
      { at: job.startedAt!.getTime(), change: 1 },
      { at: job.finishedAt!.getTime(), change: -1 },
    ]);
    moments.sort((x, y) => x.at - y.at || x.change - y.change);
    let runningOfU = 0;
    let mostOfU = 0;
    for (const moment of moments) mostOfU = Math.max(mostOfU, (runningOfU += moment.change));
    expect(mostOfU).toBe(2);
    expect((await em().findOneOrFail(User, u.userId)).credits).toBe(300);
    expect((await em().findOneOrFail(User, v.userId)).credits).toBe(400);
  });

  it('follows a job asked of one instance from the other: its event stream there, and a process waiting for it', async () => {
    const u = await onBoth();
    // A process of the deployment that runs no job: whatever it hears of the job came over Redis.
    const redis = await connectRedis(a.redis!, a.app.log);
    const observer = await createJobService({ orm: a.db.orm, media: a.media, redis, log: a.app.log });
    try {
      engines.held = gate();
      const startedBefore = engines.started;
      const { jobId } = (await u.onA.post(`/api/transform/${u.uploadId}`, {}, respondAsync)).body as { jobId: number };
      await engines.untilStarted(startedBefore + 1);
      const waited = observer.wait(em(), { id: jobId, kind: 'studio' }, 60_000);
      const stream = await u.onB.openEvents<{ status: string; progress: number }>(`/api/jobs/${jobId}/events`);
      expect(stream.status).toBe(200);
      expect((await stream.events.next()).value).toMatchObject({ status: 'running' });

      engines.held.open();
      engines.held = null;
      const rest: { status: string; progress: number }[] = [];
      for await (const snapshot of stream.events) rest.push(snapshot);
      expect(rest.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
      expect(rest.length).toBeGreaterThan(1); // the saving stage came through too
      const result = await waited;
      expect(result).toMatchObject({
        id: jobId,
        status: 'succeeded',
        result: { resultUrl: expect.stringMatching(/^\/api\/media\/results\//) },
      });
      expect((await u.onB.get(result.result!.resultUrl)).status).toBe(200);
    } finally {
      await observer.close();
      await redis.close();
    }
  });
});
