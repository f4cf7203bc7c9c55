import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditEntry, GenerationJob, User, Video } from '@atelier/db';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from './support/images';
import { freePort, startServerProcess } from './support/server-process';

interface Snapshot {
  status: string;
  stage: string;
  attempts?: number;
}

/** Reads the job's server-sent events until one matches. */
async function eventUntil(base: string, cookie: string, jobId: number, done: (snapshot: Snapshot) => boolean): Promise<Snapshot> {
  const response = await fetch(`${base}/api/jobs/${jobId}/events`, { headers: { cookie } });
  const decoder = new TextDecoder();
  let buffered = '';
  // Leaving the loop ends the stream.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    const events = buffered.split('\n\n');
    buffered = events.pop() ?? '';
    const found = events.map((event) => event.split('data: ')[1]).flatMap((data) => (data ? [JSON.parse(data) as Snapshot] : [])).find(done);
    if (found) return found;
  }
  throw new Error(`the events of job ${jobId} ended without the expected one`);
}

describe.each(testDatabaseTargets())('a server killed mid-generation, on $name', (target) => {
  let db: TestDatabase;
  let dataDir: string;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(target);
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-restart-'));
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes its job back at restart: the video is made, paid once, and nothing stays running', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
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
    };
    // A before/after view an older engine version rendered: the server deletes it once it listens.
    const olderRender = join(dataDir, 'renders', 'v0', 'stitch-old.jpg');
    mkdirSync(join(dataDir, 'renders', 'v0'), { recursive: true });
    writeFileSync(olderRender, 'jpeg');
    const first = await startServerProcess(env);
    running.push(first);
    await expect.poll(() => existsSync(olderRender)).toBe(false);

    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `restart-${target.name}@example.fr`, password: 'motdepasse', firstName: 'Rémi', lastName: 'Reprise' }),
    });
    expect(registered.status).toBe(200);
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const userId = ((await registered.json()) as { user: { id: number } }).user.id;
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await samplePhoto(5, 320, 240))], { type: 'image/jpeg' }), 'photo.jpg');
    const { imagePath } = (await (await fetch(`${base}/api/upload`, { method: 'POST', headers: { cookie }, body: form })).json()) as { imagePath: string };
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
    const em = () => db.orm.em.fork();
    expect(await em().findOneOrFail(GenerationJob, jobId)).toMatchObject({ status: 'running', attempts: 1 });
    expect((await em().findOneOrFail(User, userId)).credits).toBe(450); // held, not lost

    const second = await startServerProcess(env);
    running.push(second);
    const finished = await eventUntil(base, cookie, jobId, (s) => ['succeeded', 'failed', 'canceled'].includes(s.status));
    expect(finished.status).toBe('succeeded');
    second.kill('SIGTERM');
    await once(second, 'exit');

    expect(await em().findOneOrFail(GenerationJob, jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await em().count(GenerationJob, { status: { $in: ['queued', 'running'] } })).toBe(0);
    expect((await em().findOneOrFail(User, userId)).credits).toBe(450);
    const entries = await em().find(CreditEntry, { user: userId });
    expect(entries.filter((e) => e.externalRef === `job:${jobId}`).map((e) => e.status)).toEqual(['settled']);
    expect(entries.filter((e) => e.status !== 'released').reduce((sum, e) => sum + (e.type === 'credit' ? e.amount : -e.amount), 0)).toBe(450);
    expect(await em().findOneOrFail(Video, { jobId })).toMatchObject({ status: 'ready', isAccessible: true });
  }, 90_000);
});
