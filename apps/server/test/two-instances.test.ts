import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditEntry, GenerationJob, openDatabase, User, type MikroORM } from '@atelier/db';
import { THUMBNAIL_SIZE } from '@atelier/media';
import { createEmptyDatabase } from '@atelier/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../packages/media/test/support/s3-server';
import { samplePhoto } from './support/images';
import { eventUntil } from './support/job-events';
import { listen, roundRobin } from './support/round-robin';
import { deleteRedisKeys } from './support/redis';
import { freePort, startServerOnFreePort, startServerProcess } from './support/server-process';

/** Needs a MySQL-family server and Redis: the deployment it proves has both (see test-all for the skip). */
const deployments =
  process.env.MYSQL_URL && process.env.REDIS_URL
    ? [{ name: 'MariaDB/MySQL, Redis and s3rver', mysql: process.env.MYSQL_URL, redis: process.env.REDIS_URL }]
    : [];

/** A browser: one cookie jar, whichever address it calls. */
class Browser {
  cookie = '';

  async call(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const response = await fetch(url, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return response;
  }

  post(url: string, body: unknown = {}): Promise<Response> {
    return this.call(url, { method: 'POST', body: JSON.stringify(body) });
  }
}

const METRICS_TOKEN = 'a-metrics-token-for-the-two-instances';

/** A generation's end as its event stream says it. */
const ended = (snapshot: { status: string }) => ['succeeded', 'failed', 'canceled'].includes(snapshot.status);

describe.each(deployments)('two web servers and a worker behind a round-robin proxy on $name', ({ mysql, redis }) => {
  let database: { url: string; drop(): Promise<void> };
  let orm: MikroORM;
  const redisSettings = { url: redis, prefix: `atelier-test-${randomBytes(6).toString('hex')}` };
  // Each its own data folder, as on three machines: only the database, Redis and the bucket are shared.
  const dataDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'atelier-instance-')));
  let s3: TestS3Server;
  const processes: ChildProcess[] = [];
  let instances: string[] = [];
  let proxy: Server;
  let viaProxy: string;

  /** The settings every process of the deployment shares: the switches are those of docs/deployment.md. */
  const deployment = (dataDir: string) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-iron',
    REDIS_URL: redisSettings.url,
    REDIS_PREFIX: redisSettings.prefix,
    STORAGE: 's3',
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_BUCKET: s3.settings.bucket,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // The balancer below, on this machine, is the only proxy; it says who the client is.
    TRUST_PROXY: '127.0.0.1',
    AI_ENGINE: 'local',
    METRICS_TOKEN,
    // A killed worker's jobs are taken back within seconds.
    GENERATION_LEASE_SECONDS: '2',
  });

  /** A web server process, as a deployment starts each replica. */
  async function startInstance(dataDir: string): Promise<string> {
    const { child, base } = await startServerOnFreePort({ ...deployment(dataDir), ATELIER_ROLE: 'web' });
    processes.push(child);
    return base;
  }

  /** A generation worker process: its port serves health and metrics. */
  async function startWorker(): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = await startServerProcess({
      ...deployment(dataDirs[2]!),
      ATELIER_ROLE: 'worker',
      WORKER_PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // A stopping worker hands back what it could not finish in a second.
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    processes.push(child);
    return { child, base: `http://127.0.0.1:${port}` };
  }
  let worker: { child: ChildProcess; base: string };

  beforeAll(async () => {
    s3 = await startS3Server();
    // An empty database, as a MySQL service makes it: both instances migrate it at once.
    database = await createEmptyDatabase(mysql);
    instances = await Promise.all(dataDirs.slice(0, 2).map(startInstance));
    worker = await startWorker();
    // The test's own reader of the shared database, once the instances have migrated it.
    orm = await openDatabase(database.url);
    proxy = roundRobin(instances.map((url) => Number(new URL(url).port)));
    viaProxy = `http://127.0.0.1:${await listen(proxy)}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await Promise.all(
      processes.map(async (child) => {
        child.kill('SIGTERM');
        if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
      }),
    );
    await orm?.close();
    await database?.drop();
    await deleteRedisKeys(redisSettings);
    await s3?.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('both start together on an empty database and are healthy, as is the worker, which serves nothing else', async () => {
    for (const url of [...instances, worker.base]) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${worker.base}/api/ready`)).status).toBe(200);
    expect((await fetch(`${worker.base}/api/feed/public`)).status).toBe(404);
  });

  it('keeps a session made on one on the other, uploads on A and transforms on B', async () => {
    const [a, b] = instances as [string, string];
    const person = new Browser();
    const signUp = await person.post(`${a}/api/register`, {
      email: `pair-${randomBytes(4).toString('hex')}@example.fr`,
      password: 'motdepasse',
      firstName: 'Inès',
      lastName: 'Roy',
    });
    expect(signUp.status).toBe(200);
    expect((await person.call(`${b}/api/auth/account`)).status).toBe(200);

    const form = new FormData();
    form.append('selection', JSON.stringify({ style: { id: 'watercolor' } }));
    form.append('image', new Blob([new Uint8Array(await samplePhoto(8))], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await person.call(`${a}/api/upload`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    const { id, imagePath } = (await uploaded.json()) as { id: number; imagePath: string };
    const transformed = await person.post(`${b}/api/transform/${id}`);
    expect(transformed.status).toBe(200);
    const { transformedImagePath } = (await transformed.json()) as { transformedImagePath: string };
    expect((await person.call(`${a}${transformedImagePath}`)).status).toBe(200);
    expect((await person.call(`${b}${imagePath}`)).status).toBe(200);
  });

  it('shows every save, publication, like and deletion made on A at the next poll through the proxy, never a stale 304', async () => {
    const a = instances[0]!;
    const owner = new Browser();
    const liker = new Browser();
    const email = `owner-${randomBytes(4).toString('hex')}@example.fr`;
    const { user } = (await (
      await owner.post(`${a}/api/register`, { email, password: 'motdepasse', firstName: 'Léa', lastName: 'Noël' })
    ).json()) as { user: { id: number } };
    await liker.post(`${a}/api/register`, {
      email: `liker-${email}`,
      password: 'motdepasse',
      firstName: 'Tom',
      lastName: 'Roux',
    });
    const form = new FormData();
    form.append('selection', JSON.stringify({ style: { id: 'watercolor' } }));
    form.append('image', new Blob([new Uint8Array(await samplePhoto(9))], { type: 'image/jpeg' }), 'photo.jpg');
    const { id: uploadId, imagePath } = (await (
      await owner.call(`${a}/api/upload`, { method: 'POST', body: form })
    ).json()) as { id: number; imagePath: string };
    const { transformedImagePath } = (await (await owner.post(`${a}/api/transform/${uploadId}`)).json()) as {
      transformedImagePath: string;
    };

    const galleryUrl = `${viaProxy}/api/gallery/${user.id}`;
    const tags = { gallery: '', feed: '' };
    type Post = { id: number; isPublic: boolean; likesCount: number };
    /** The owner's gallery and the public feed, each asked with the tag of the last answer: both must have changed. */
    async function poll(): Promise<{ gallery: Post[]; feed: Post[] }> {
      const gallery = await owner.call(galleryUrl, { headers: tags.gallery ? { 'if-none-match': tags.gallery } : {} });
      const feed = await owner.call(`${viaProxy}/api/feed/public`, {
        headers: tags.feed ? { 'if-none-match': tags.feed } : {},
      });
      expect([gallery.status, feed.status]).toEqual([200, 200]);
      tags.gallery = gallery.headers.get('etag')!;
      tags.feed = feed.headers.get('etag')!;
      // The same tags, asked of the other instance by the next requests, are current there too.
      expect((await owner.call(galleryUrl, { headers: { 'if-none-match': tags.gallery } })).status).toBe(304);
      expect(
        (await owner.call(`${viaProxy}/api/feed/public`, { headers: { 'if-none-match': tags.feed } })).status,
      ).toBe(304);
      return {
        gallery: ((await gallery.json()) as { gallery: Post[] }).gallery,
        feed: ((await feed.json()) as { posts: Post[] }).posts,
      };
    }

    await poll();
    const saved = await owner.post(`${a}/api/gallery/save`, { transformedImagePath, originalImagePath: imagePath });
    const { item } = (await saved.json()) as { item: { id: number } };
    // A private save changes the gallery only: the feed's tag still holds.
    const gallery = await owner.call(galleryUrl, { headers: { 'if-none-match': tags.gallery } });
    expect(gallery.status).toBe(200);
    tags.gallery = gallery.headers.get('etag')!;
    expect(((await gallery.json()) as { gallery: Post[] }).gallery.map((entry) => entry.id)).toEqual([item.id]);
    await owner.post(`${a}/api/posts/${item.id}/public`);
    const published = await poll();
    expect(published.gallery[0]!.isPublic).toBe(true);
    expect(published.feed.some((post) => post.id === item.id)).toBe(true);
    await liker.post(`${a}/api/posts/${item.id}/like`);
    const liked = await poll();
    expect(liked.gallery[0]!.likesCount).toBe(1);
    expect(liked.feed.find((post) => post.id === item.id)?.likesCount).toBe(1);
    await owner.call(`${a}/api/gallery/${item.id}`, { method: 'DELETE' });
    const deleted = await poll();
    expect(deleted.gallery).toEqual([]);
    expect(deleted.feed.some((post) => post.id === item.id)).toBe(false);
  });

  it('counts wrong passwords made through either instance as one: the pair waits after the free ones', async () => {
    const email = `guessed-${randomBytes(4).toString('hex')}@example.fr`;
    await new Browser().post(`${instances[0]}/api/register`, {
      email,
      password: 'motdepasse',
      firstName: 'Zoé',
      lastName: 'Garnier',
    });
    const guesser = new Browser();
    const statuses: number[] = [];
    // Round robin: the guesses alternate between A and B. Counted apart, each would have seen four.
    for (let guess = 0; guess < 8; guess++)
      statuses.push((await guesser.post(`${viaProxy}/api/login`, { email, password: `devine-${guess}` })).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    // Past the five free failures the pair waits 2 s, then 4 s: a seventh or eighth guess is refused.
    expect(statuses.slice(6)).toContain(429);
  });

  it('counts password reset requests for one e-mail on both instances as one limit', async () => {
    const email = `reset-${randomBytes(4).toString('hex')}@example.fr`;
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 6; i += 1) {
      // Alternating instances, each request from its own address: only the e-mail's count is shared.
      const answer = await fetch(`${instances[i % 2]!}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.91.0.${i + 1}` },
        body: JSON.stringify({ email }),
      });
      statuses.push(answer.status);
      refused = answer;
    }
    // No SMTP here: the five allowed requests say the service is not configured.
    expect(statuses).toEqual([502, 502, 502, 502, 502, 429]);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(((await refused!.json()) as { message: string }).message).toMatch(
      /^Trop de demandes de réinitialisation du mot de passe\. Veuillez réessayer dans \d+ minutes?\.$/,
    );
  });

  /** A process's Prometheus text. */
  const metricsOf = async (base: string) =>
    (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  /** A series' value in a process's Prometheus text. */
  const valueOf = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.slice(series.length + 1),
    );
  /** The CPU time each process has used so far (Node's own counter), in seconds. */
  const cpuSeconds = (bases: string[]) =>
    Promise.all(bases.map(async (base) => valueOf(await metricsOf(base), 'process_cpu_seconds_total')));
  const em = () => orm.em.fork();

  /** A signed-up person with an uploaded photo and its options, through web server A. */
  async function personWithPhoto(
    name: string,
    selection: Record<string, { id: string }> = { style: { id: 'watercolor' } },
    [width, height] = [320, 240],
  ): Promise<{ person: Browser; userId: number; id: number; imagePath: string }> {
    const person = new Browser();
    const signUp = await person.post(`${instances[0]}/api/register`, {
      email: `${name}-${randomBytes(4).toString('hex')}@example.fr`,
      password: 'motdepasse',
      firstName: 'Noé',
      lastName: 'Ouvrier',
    });
    const { user } = (await signUp.json()) as { user: { id: number } };
    const form = new FormData();
    form.append('selection', JSON.stringify(selection));
    form.append(
      'image',
      new Blob([new Uint8Array(await samplePhoto(4, width, height))], { type: 'image/jpeg' }),
      'photo.jpg',
    );
    const uploaded = (await (
      await person.call(`${instances[0]}/api/upload`, { method: 'POST', body: form })
    ).json()) as {
      id: number;
      imagePath: string;
    };
    return { person, userId: user.id, ...uploaded };
  }

  /** Queues a video of the photo on `web` (answered at once with the job's id). */
  async function queueVideo(person: Browser, web: string, imagePath: string): Promise<number> {
    const accepted = await person.call(`${web}/api/generate-video`, {
      method: 'POST',
      headers: { prefer: 'respond-async' },
      body: JSON.stringify({ imageUrl: imagePath }),
    });
    expect(accepted.status).toBe(202);
    return ((await accepted.json()) as { jobId: number }).jobId;
  }

  /** The job succeeded, its credits settled once, and the ledger sums to the balance. */
  async function paidOnce(userId: number, jobId: number): Promise<GenerationJob> {
    const job = await em().findOneOrFail(GenerationJob, jobId);
    expect(job.status).toBe('succeeded');
    const entries = await em().find(CreditEntry, { user: userId });
    expect(entries.filter((e) => e.externalRef === `job:${jobId}`).map((e) => e.status)).toEqual(['settled']);
    const kept = entries.filter((e) => e.status !== 'released');
    expect(kept.reduce((sum, e) => sum + (e.type === 'credit' ? e.amount : -e.amount), 0)).toBe(
      (await em().findOneOrFail(User, userId)).credits,
    );
    return job;
  }

  it('runs generations submitted on either web server on the worker, their progress followed through the other', async () => {
    const [a, b] = instances as [string, string];
    // A 4 MP photo: seconds of the worker's CPU for each render.
    const { person, id } = await personWithPhoto('suivi', undefined, [2400, 1800]);
    const cpuBefore = await cpuSeconds([a, b, worker.base]);
    for (const [submittedOn, followedOn] of [
      [a, b],
      [b, a],
    ] as const) {
      const accepted = await person.call(`${submittedOn}/api/transform/${id}`, {
        method: 'POST',
        headers: { prefer: 'respond-async' },
        body: '{}',
      });
      expect(accepted.status).toBe(202);
      const { jobId } = (await accepted.json()) as { jobId: number };
      const last = await eventUntil(followedOn, person.cookie, jobId, ended);
      expect(last.status).toBe('succeeded');
    }
    // The web servers only queued and streamed: a small share of the CPU the worker's renders took.
    const [cpuA, cpuB, cpuWorker] = (await cpuSeconds([a, b, worker.base])).map(
      (after, i) => after - cpuBefore[i]!,
    ) as [number, number, number];
    expect(cpuA + cpuB).toBeLessThan(cpuWorker / 3);
    // Every run was the worker's: no web server ran an engine (its own would have failed the job).
    const runs = /^atelier_generation_run_seconds_count\{kind="studio",engine="local"\} (\d+)$/m;
    expect(Number(runs.exec(await metricsOf(worker.base))?.[1])).toBeGreaterThanOrEqual(2);
    for (const web of instances) {
      const text = await metricsOf(web);
      expect(text).not.toMatch(/^atelier_generation_run_seconds_count/m);
      expect(text).toContain('atelier_generations_running_here 0');
    }
  });

  it("refuses on the web server, at once and free, an option the workers' local engine does not render", async () => {
    const { person, userId, id } = await personWithPhoto('nuage', { camera: { id: 'profile' } });
    const before = (await em().findOneOrFail(User, userId)).credits;
    const refused = await person.call(`${instances[1]}/api/transform/${id}`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('moteur cloud uniquement');
    expect((await em().findOneOrFail(User, userId)).credits).toBe(before);
    expect(await em().count(GenerationJob, { owner: userId })).toBe(0);
  });

  it('serves a never-rendered thumbnail from a web server that loads no model: a worker renders it', async () => {
    const [a, b] = instances as [string, string];
    const thumbnail = await fetch(`${a}/api/thumbnail/camera-close-up.jpg`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const { width } = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(width).toBe(THUMBNAIL_SIZE);
    // The other web server reads what the worker kept in the bucket.
    expect((await fetch(`${b}/api/thumbnail/camera-close-up.jpg`)).status).toBe(200);
    for (const web of instances) {
      const text = await metricsOf(web);
      expect(valueOf(text, 'atelier_model_threads_started')).toBe(0);
      expect(valueOf(text, 'atelier_renders{kind="thumbnail"}')).toBe(0);
    }
    const onWorker = await metricsOf(worker.base);
    expect(valueOf(onWorker, 'atelier_renders{kind="thumbnail"}')).toBe(1);
    const threads = valueOf(onWorker, 'atelier_model_threads_started');
    expect(threads).toBeGreaterThan(0);
    // Its models stay loaded: the next tile, another model's work, starts no thread and loads nothing again.
    expect((await fetch(`${b}/api/thumbnail/lighting-golden-hour.jpg`)).status).toBe(200);
    const later = await metricsOf(worker.base);
    expect(valueOf(later, 'atelier_renders{kind="thumbnail"}')).toBe(2);
    expect(valueOf(later, 'atelier_model_threads_started')).toBe(threads);
    // The thumbnails' engine starts its models on the worker: seconds, more on a busy machine.
  }, 60_000);

  it('takes back the job of a worker killed mid-run on the next worker, paid once; a stopped worker hands back its job', async () => {
    const { person, userId, imagePath } = await personWithPhoto('reprise');
    const { credits } = await em().findOneOrFail(User, userId);
    const killedJob = await queueVideo(person, instances[0]!, imagePath);
    await eventUntil(instances[1]!, person.cookie, killedJob, (s) => s.stage === 'Animation en cours');
    worker.child.kill('SIGKILL');
    await once(worker.child, 'exit');
    expect(await em().findOneOrFail(GenerationJob, killedJob)).toMatchObject({ status: 'running', attempts: 1 });

    worker = await startWorker();
    expect((await eventUntil(instances[1]!, person.cookie, killedJob, ended)).status).toBe('succeeded');
    expect((await paidOnce(userId, killedJob)).attempts).toBe(2);

    // SIGTERM while it animates: past its second of grace the worker hands the job back and exits.
    const stoppedJob = await queueVideo(person, instances[1]!, imagePath);
    await eventUntil(instances[0]!, person.cookie, stoppedJob, (s) => s.stage === 'Animation en cours');
    const signalled = Date.now();
    worker.child.kill('SIGTERM');
    const [code] = (await once(worker.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8_000);
    const handedBack = await em().findOneOrFail(GenerationJob, stoppedJob);
    expect(['queued', 'succeeded']).toContain(handedBack.status);

    worker = await startWorker();
    expect((await eventUntil(instances[0]!, person.cookie, stoppedJob, ended)).status).toBe('succeeded');
    // A hand-back is no failed attempt: the next worker's run is its first.
    expect((await paidOnce(userId, stoppedJob)).attempts).toBe(1);
    expect((await em().findOneOrFail(User, userId)).credits).toBe(credits - 100);
  }, 120_000);
});
