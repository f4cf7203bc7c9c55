import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GenerationJob } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import type { ImageEngine } from '@atelier/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness';
import { samplePhoto } from './support/images';

const TOKEN = 'a-metrics-token-for-the-tests';

describe.each(testDatabaseTargets())('Prometheus metrics on $name', (target) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'atelier-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Atelier</title>');
    t = await startTestApp(target, { metricsToken: TOKEN, webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const scrape = (authorization?: string) =>
    t.client().request('GET', '/api/metrics', undefined, authorization ? { authorization } : {});

  it('serves the named series to the holder of the token only', async () => {
    const c = t.client({ ip: '10.45.0.1' });
    await c.register();
    const up = await c.upload(await samplePhoto(2), { selection: JSON.stringify({ style: { id: 'watercolor' } }) });
    expect((await c.post(`/api/transform/${up.body.id}`)).status).toBe(200);
    await c.get('/api/feed/public');

    expect((await scrape()).status).toBe(401);
    const wrong = await scrape('Bearer not-the-token-at-all-no');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Jeton de métriques manquant ou invalide.' });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/plain');
    const text = res.text;
    // Routes by their pattern, never by the raw address.
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/feed/public",status_code="200"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/transform/:id",status_code="200"} 1',
    );
    expect(text).not.toContain(`/api/transform/${up.body.id}"`);
    expect(text).toContain('atelier_generation_jobs{state="succeeded"} 1');
    expect(text).toContain('atelier_generation_queue_depth 0');
    expect(text).toContain('atelier_credit_holds_open 0');
    expect(text).toContain('atelier_database_up 1');
    expect(text).toContain('atelier_generation_run_seconds_count{kind="studio",engine="local"} 1');
    expect(text).toContain('atelier_generations_ended_total{kind="studio",engine="local",status="succeeded"} 1');
    expect(text).toContain('atelier_generation_oldest_waiting_seconds 0');
    expect(text).toContain('atelier_generations_running_here 0');
    expect(text).toMatch(/atelier_db_pool_connections\{state="open"\} \d+/);
    expect(text).toMatch(/atelier_image_pool\{state="size"\} \d+/);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('answers unknown paths that are not pages with 404, and pages to browsers', async () => {
    const scraper = await t.client().request('GET', '/metrics', undefined, { accept: 'text/plain;version=0.0.4' });
    expect(scraper.status).toBe(404);
    expect(scraper.body).toEqual({ message: 'Ressource introuvable' });
    const browser = await t
      .client()
      .request('GET', '/galerie', undefined, { accept: 'text/html,application/xhtml+xml' });
    expect(browser.status).toBe(200);
    expect(browser.text).toContain('<title>Atelier</title>');
  });
});

describe.each(testDatabaseTargets())('the series workers scale on, on $name', (target) => {
  let t: TestApp;
  let started = () => {};
  const running = new Promise<void>((resolve) => (started = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  /** An engine that holds its first run until told, then fails every run. */
  const broken: ImageEngine = {
    name: 'local',
    async transform() {
      started();
      await released;
      throw new Error('le moteur est tombé');
    },
  };

  beforeAll(async () => {
    t = await startTestApp(target, {
      metricsToken: TOKEN,
      media: { images: broken },
      generation: { concurrency: 1, perUser: 2 },
    });
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  /** A series' value in the scraped text. */
  async function scraped(...series: string[]): Promise<number[]> {
    const { text } = await t.client().request('GET', '/api/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
    const lines = text.split('\n');
    return series.map((name) => Number(lines.find((line) => line.startsWith(`${name} `))?.slice(name.length + 1)));
  }

  it("counts the waiting jobs, the oldest one's wait, the running ones and the failed runs by engine", async () => {
    const c = t.client({ ip: '10.45.1.1' });
    await c.register();
    const up = await c.upload(await samplePhoto(2), { selection: JSON.stringify({ style: { id: 'watercolor' } }) });
    const submit = async () =>
      (await c.post(`/api/transform/${up.body.id}`, {}, { prefer: 'respond-async' })).body.jobId as number;
    const [first, second] = [await submit(), await submit()];
    await running;
    // One slot: the second waits. As if it had waited a minute and a half.
    await t.db.orm.em.fork().nativeUpdate(GenerationJob, { id: second }, { createdAt: new Date(Date.now() - 90_000) });
    const [depth, oldest, runningHere] = await scraped(
      'atelier_generation_queue_depth',
      'atelier_generation_oldest_waiting_seconds',
      'atelier_generations_running_here',
    );
    expect([depth, runningHere]).toEqual([1, 1]);
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(120);

    release();
    for (const jobId of [first, second]) await c.get(`/api/jobs/${jobId}/events`);
    // A run is counted as its worker lets it go, just after its end reached the stream.
    await expect
      .poll(() =>
        scraped(
          'atelier_generation_queue_depth',
          'atelier_generation_oldest_waiting_seconds',
          'atelier_generations_running_here',
          'atelier_generations_ended_total{kind="studio",engine="local",status="failed"}',
          'atelier_generation_run_seconds_count{kind="studio",engine="local"}',
        ),
      )
      .toEqual([0, 0, 0, 2, 2]);
  });
});

describe('metrics without a token configured', () => {
  it('are not served', async () => {
    const t = await startTestApp({ name: 'sqlite' });
    try {
      expect(
        (await t.client().request('GET', '/api/metrics', undefined, { authorization: `Bearer ${TOKEN}` })).status,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
