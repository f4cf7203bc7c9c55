import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreditEntry, GenerationJob, User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { LocalDiskStorage, type ImageEngine, type MediaStorage } from '@atelier/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness';
import { samplePhoto } from './support/images';

/** The picture back as it came: the race is between the job's end and its cancel, not in the engine. */
const instantEngine: ImageEngine = {
  name: 'local',
  transform: async ({ image }) => {
    const { width, height } = await sharp(image).metadata();
    return { image, width, height };
  },
};

/** Disk storage that holds each result's write until the test lets it finish. */
class HeldResults extends LocalDiskStorage {
  private waiting: ((release: () => void) => void) | null = null;

  /** Resolves, once the next result is being stored, to the function that lets it finish. */
  nextResult(): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  override async put(...args: Parameters<MediaStorage['put']>): Promise<string> {
    if (args[0] === 'results' && this.waiting) {
      const tell = this.waiting;
      this.waiting = null;
      await new Promise<void>((release) => tell(release));
    }
    return super.put(...args);
  }
}

/** A few turns of the event loop: each race lets the commit or the cancel start first by a different margin. */
async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

const RACES = 20;

// Row locks, and their deadlocks, are a server database's: SQLite takes one writer at a time. Skipped
// (not an empty file, which vitest fails) without MYSQL_URL.
const server = testDatabaseTargets().find((target) => target.name !== 'sqlite');

describe.skipIf(!server)(`a cancel racing the end of its job, on ${server?.name ?? 'a database server'}`, () => {
  let t: TestApp;
  let mediaDir: string;
  let storage: HeldResults;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'atelier-races-'));
    storage = new HeldResults(mediaDir);
    t = await startTestApp(server!, { media: { storage, images: instantEngine } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it(`ends each of ${RACES} races paid with its file or canceled, refunded and without one`, async () => {
    const c = t.client({ ip: '10.46.0.1' });
    const { user } = await c.register();
    await t.db.orm.em.fork().nativeUpdate(User, user.id, { credits: 50 * RACES });
    const upload = await c.upload(await samplePhoto(2, 240, 160), { style: 'Aquarelle' });
    expect(upload.status, upload.text).toBe(200);

    const canceled: number[] = [];
    for (let race = 0; race < RACES; race += 1) {
      const storing = storage.nextResult();
      const asked = await c.post(`/api/transform/${upload.body.id as number}`, {}, { prefer: 'respond-async' });
      expect(asked.status, asked.text).toBe(202);
      const jobId = asked.body.jobId as number;
      const release = await storing;
      const [cancel] = await Promise.all([
        turns(race % 3).then(() => c.post(`/api/jobs/${jobId}/cancel`)),
        turns(race % 4).then(release),
      ]);
      // 409: the job had succeeded first. Nothing else.
      expect([200, 409], cancel.text).toContain(cancel.status);
      if (cancel.status === 200) canceled.push(jobId);
      await expect.poll(async () => (await c.get(`/api/jobs/${jobId}`)).body.status).toMatch(/^(succeeded|canceled)$/);
    }

    const em = t.db.orm.em.fork();
    const jobs = await em.find(GenerationJob, { owner: user.id });
    const succeeded = jobs.filter((job) => job.status === 'succeeded');
    expect(jobs.map((job) => job.status).sort()).toEqual(
      [...Array(RACES - canceled.length).fill('succeeded'), ...Array(canceled.length).fill('canceled')].sort(),
    );
    // Every result file is a paid result's; no canceled job left one behind. A runner that lost its
    // race deletes its file after the cancel has answered, so the folder is read until it settles.
    const files = () =>
      readdirSync(join(mediaDir, 'results'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    const paidFiles = succeeded.map((job) => String(job.result?.resultUrl).split('/').at(-1));
    await expect.poll(files).toEqual(paidFiles.sort());
    expect((await em.findOneOrFail(User, user.id)).credits).toBe(50 * canceled.length);
    const settled = await em.count(CreditEntry, { user: user.id, type: 'debit', status: 'settled' });
    expect(settled).toBe(succeeded.length);
  });
});
