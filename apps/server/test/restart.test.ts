import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditEntry, GenerationJob, User, Video } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import { startFakeReplicate, type FakeReplicate } from '@atelier/media/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from './support/images';
import { eventUntil } from './support/job-events';
import { freePort, startServerProcess } from './support/server-process';

/** Signs up on a running server: the session's cookie and the user's id. */
async function signUp(base: string, email: string): Promise<{ cookie: string; userId: number }> {
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'motdepasse', firstName: 'Rémi', lastName: 'Reprise' }),
  });
  expect(registered.status).toBe(200);
  return {
    cookie: registered.headers.get('set-cookie')!.split(';')[0]!,
    userId: ((await registered.json()) as { user: { id: number } }).user.id,
  };
}

/** Uploads a photo, with the studio's options text when given. */
async function upload(base: string, cookie: string, style?: string): Promise<{ id: number; imagePath: string }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await samplePhoto(5, 320, 240))], { type: 'image/jpeg' }), 'photo.jpg');
  if (style) form.append('style', style);
  return (await (await fetch(`${base}/api/upload`, { method: 'POST', headers: { cookie }, body: form })).json()) as {
    id: number;
    imagePath: string;
  };
}

describe.each(testDatabaseTargets())('a server killed mid-generation, on $name', (target) => {
  let db: TestDatabase;
  let dataDir: string;
  let fake: FakeReplicate;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(target);
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-restart-'));
    fake = await startFakeReplicate();
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await db?.close();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const environment = (port: number) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // The account's balance is the launch offer's alone.
    DISCOVERY_OFFER_CREDITS: '0',
    GENERATION_LEASE_SECONDS: '2',
    REDIS_URL: '',
  });
  const em = () => db.orm.em.fork();

  async function paidOnce(userId: number, jobId: number): Promise<void> {
    expect(await em().findOneOrFail(GenerationJob, jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await em().count(GenerationJob, { status: { $in: ['queued', 'running'] } })).toBe(0);
    const entries = await em().find(CreditEntry, { user: userId });
    expect(entries.filter((e) => e.externalRef === `job:${jobId}`).map((e) => e.status)).toEqual(['settled']);
    const balance = (await em().findOneOrFail(User, userId)).credits;
    expect(
      entries
        .filter((e) => e.status !== 'released')
        .reduce((sum, e) => sum + (e.type === 'credit' ? e.amount : -e.amount), 0),
    ).toBe(balance);
  }

  it('reads the cloud prediction it had started at restart, creating none again, and pays once', async () => {
    fake.reset();
    fake.scenario = 'slow';
    fake.output = {
      body: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2266aa' } })
        .jpeg()
        .toBuffer(),
      contentType: 'image/jpeg',
    };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // No PUBLIC_URL: predictions are polled (every second), as a server Replicate cannot reach does.
    const env = {
      ...environment(port),
      AI_ENGINE: 'replicate',
      REPLICATE_API_TOKEN: fake.token,
      REPLICATE_API_URL: fake.baseUrl,
    };
    const first = await startServerProcess(env);
    running.push(first);
    const { cookie, userId } = await signUp(base, `cloud-restart-${target.name}@example.fr`);
    const { id } = await upload(base, cookie, 'Aquarelle');
    const accepted = await fetch(`${base}/api/transform/${id}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', prefer: 'respond-async' },
      body: '{}',
    });
    expect(accepted.status).toBe(202);
    const { jobId } = (await accepted.json()) as { jobId: number };

    // The prediction runs on Replicate, its id kept with the job; the process dies there.
    await expect
      .poll(async () => (await em().findOneOrFail(GenerationJob, jobId)).predictions, { timeout: 30_000 })
      .toHaveLength(1);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const [prediction] = fake.predictions();
    expect(fake.predictions()).toHaveLength(1);

    const second = await startServerProcess(env);
    running.push(second);
    // The restarted server follows the same prediction: it ends, and its picture is the result.
    await expect
      .poll(
        () =>
          fake.requests.some(
            (r) => r.method === 'GET' && r.path === `/v1/predictions/${prediction!.id}` && r.at > Date.now() - 1_500,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await fake.finish(prediction!.id);
    const finished = await eventUntil(base, cookie, jobId, (s) =>
      ['succeeded', 'failed', 'canceled'].includes(s.status),
    );
    expect(finished.status).toBe('succeeded');
    second.kill('SIGTERM');
    await once(second, 'exit');

    expect(fake.predictions().map(({ id: predictionId }) => predictionId)).toEqual([prediction!.id]);
    expect(fake.canceled).toEqual([]);
    expect((await em().findOneOrFail(GenerationJob, jobId)).predictions).toEqual([prediction!.id]);
    expect((await em().findOneOrFail(User, userId)).credits).toBe(450);
    await paidOnce(userId, jobId);
  }, 90_000);

  it('takes its job back at restart: the video is made, paid once, and nothing stays running', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = environment(port);
    // A before/after view an older engine version rendered: the server deletes it once it listens.
    const olderRender = join(dataDir, 'renders', 'v0', 'stitch-old.jpg');
    mkdirSync(join(dataDir, 'renders', 'v0'), { recursive: true });
    writeFileSync(olderRender, 'jpeg');
    const first = await startServerProcess(env);
    running.push(first);
    await expect.poll(() => existsSync(olderRender)).toBe(false);

    const { cookie, userId } = await signUp(base, `restart-${target.name}@example.fr`);
    const { imagePath } = await upload(base, cookie);
    const accepted = await fetch(`${base}/api/generate-video`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ imageUrl: imagePath }),
    });
    expect(accepted.status).toBe(202);
    const { jobId } = (await accepted.json()) as { jobId: number };

    // ffmpeg is at work: the process dies there, with no chance to clean up.
    await eventUntil(base, cookie, jobId, (s) => s.status === 'running' && s.stage === 'Animation en cours');
    first.kill('SIGKILL');
    await once(first, 'exit');
    expect(await em().findOneOrFail(GenerationJob, jobId)).toMatchObject({ status: 'running', attempts: 1 });
    expect((await em().findOneOrFail(User, userId)).credits).toBe(450); // held, not lost

    const second = await startServerProcess(env);
    running.push(second);
    const finished = await eventUntil(base, cookie, jobId, (s) =>
      ['succeeded', 'failed', 'canceled'].includes(s.status),
    );
    expect(finished.status).toBe('succeeded');
    second.kill('SIGTERM');
    await once(second, 'exit');

    expect((await em().findOneOrFail(User, userId)).credits).toBe(450);
    await paidOnce(userId, jobId);
    expect(await em().findOneOrFail(Video, { jobId })).toMatchObject({ status: 'ready', isAccessible: true });
  }, 90_000);
});
