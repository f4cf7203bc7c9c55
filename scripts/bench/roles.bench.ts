// Web servers apart from generation workers (ATELIER_ROLE): the latency of a user's polls on the
// process serving HTTP while 20 generations run, with that process rendering them (`all`) and
// with a `worker` process rendering them beside a `web` one, on the same machine; and the memory
// (RSS, threads included) of the HTTP process and of the worker: idle, after serving a studio
// category's option thumbnails never rendered before (`all` renders them itself, `web` asks the
// worker), at their peak during the run, and after it. Real processes, as deployed. Needs REDIS_URL (the queue joining web and
// worker); on MySQL/MariaDB when MYSQL_URL is set, else on SQLite (`all` alone). Tiles still
// rendering are asked again after their Retry-After, as the studio does.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { getOptions, isCloudOnly } from '@atelier/catalog';
import { openTestDatabase } from '@atelier/db/testing';
import { deleteRedisKeys } from '../../apps/server/test/support/redis';
import { freePort, startServerOnFreePort, startServerProcess } from '../../apps/server/test/support/server-process';
import { BENCH_SESSION_SECRET, ms, signUp } from './support';

const GENERATIONS = 20;
/** Each account's launch credits pay for two; a user's two run at once at most, as in production. */
const PER_USER = 2;
/** Polling clients, each asking again as soon as answered (the studio asks a job's state). */
const POLLERS = 4;
/** A person relit: the matting model runs, as the lights' and the lenses' do. */
const SELECTION = JSON.stringify({ lighting: { id: 'golden-hour' } });
/** The tiles a studio shows at once: one category's, each a light the matting model relights the person by. */
const THUMBNAILS = getOptions('lighting')
  .filter((option) => !isCloudOnly('lighting', option.id))
  .map((option) => `lighting-${option.id}`);

if (!process.env.REDIS_URL) {
  console.log('skipped: web and worker processes need REDIS_URL (the queue that joins them)');
  process.exit(0);
}
const target = process.env.MYSQL_URL
  ? { name: 'mysql' as const, url: process.env.MYSQL_URL }
  : { name: 'sqlite' as const };
const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-roles-'));
const photo = await sharp(await readFile(new URL('../../../shared/photos/astronaut.jpg', import.meta.url)))
  .resize(1400, 1400)
  .jpeg({ quality: 90 })
  .toBuffer();

/** A process's resident memory, its threads' included (Linux). */
function rssMegabytes(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A tile as the studio gets it: asked again after Retry-After while a worker still renders it. */
async function tile(base: string, thumbnailId: string): Promise<Response> {
  for (;;) {
    const answer = await fetch(`${base}/api/thumbnail/${thumbnailId}.jpg`);
    if (answer.status !== 503) return answer;
    await answer.arrayBuffer();
    await sleep(Number(answer.headers.get('retry-after')) * 1000);
  }
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function scenario(roles: 'all' | 'web + worker'): Promise<void> {
  const db = await openTestDatabase(target);
  const redis = { url: process.env.REDIS_URL!, prefix: `atelier-bench-${randomBytes(4).toString('hex')}` };
  const shared = {
    DATABASE_URL: db.url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    IMAGE_WORK_RATE_LIMIT_PER_MINUTE: '100000',
    // Logging every request costs the same in both runs; errors are what matter here.
    LOG_LEVEL: 'info',
  };
  // One machine, one disk: the worker reads the uploads the web server stored.
  const dataDir = mkdtempSync(join(dir, 'data-'));
  const http = await startServerOnFreePort({
    ...shared,
    DATA_DIR: dataDir,
    ATELIER_ROLE: roles === 'all' ? 'all' : 'web',
  });
  const processes = [http.child];
  let worker: ChildProcess | null = null;
  if (roles !== 'all') {
    worker = await startServerProcess({
      ...shared,
      DATA_DIR: dataDir,
      ATELIER_ROLE: 'worker',
      WORKER_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
    });
    processes.push(worker);
  }
  const idle = { http: rssMegabytes(http.child), worker: worker ? rssMegabytes(worker) : 0 };

  // A fresh render store: every tile is rendered, by the HTTP process (`all`) or the worker (`web`).
  const thumbnailsStarted = performance.now();
  const tiles = await Promise.all(THUMBNAILS.map((id) => tile(http.base, id)));
  const refused = tiles.filter((answer) => answer.status !== 200);
  if (refused.length > 0) throw new Error(`${refused.length} thumbnails answered ${refused[0]!.status}`);
  const thumbnailSeconds = (performance.now() - thumbnailsStarted) / 1000;
  const afterThumbnails = { http: rssMegabytes(http.child), worker: worker ? rssMegabytes(worker) : 0 };

  // Accounts and their photos first: only the generations run while the polls are timed.
  const people = await Promise.all(
    Array.from({ length: GENERATIONS / PER_USER }, async (_, n) => {
      const { cookie } = await signUp(http.base, {
        email: `roles-${n}-${randomBytes(3).toString('hex')}@example.fr`,
        firstName: 'Rose',
        lastName: 'Rôle',
      });
      const form = new FormData();
      form.append('selection', SELECTION);
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const uploaded = await fetch(`${http.base}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
      if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
      return { cookie, uploadId: ((await uploaded.json()) as { id: number }).id };
    }),
  );
  const peak = { ...afterThumbnails };
  const sampling = setInterval(() => {
    peak.http = Math.max(peak.http, rssMegabytes(http.child));
    if (worker) peak.worker = Math.max(peak.worker, rssMegabytes(worker));
  }, 100);

  const started = performance.now();
  const jobs = await Promise.all(
    people.flatMap(({ cookie, uploadId }) =>
      Array.from({ length: PER_USER }, async () => {
        const accepted = await fetch(`${http.base}/api/transform/${uploadId}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', prefer: 'respond-async' },
          body: '{}',
        });
        if (accepted.status !== 202) throw new Error(`transform answered ${accepted.status}: ${await accepted.text()}`);
        return { cookie, jobId: ((await accepted.json()) as { jobId: number }).jobId };
      }),
    ),
  );
  // Each poller asks one job's state after another until all have ended, timing every answer.
  const latencies: number[] = [];
  const ended = new Set<number>();
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: POLLERS }, async (_, poller) => {
      for (let turn = poller; ended.size < jobs.length; turn += POLLERS) {
        const { cookie, jobId } = jobs[turn % jobs.length]!;
        const t0 = performance.now();
        const answer = await fetch(`${http.base}/api/jobs/${jobId}`, { headers: { cookie } });
        const { status } = (await answer.json()) as { status: string };
        latencies.push(performance.now() - t0);
        if (['succeeded', 'failed', 'canceled'].includes(status) && !ended.has(jobId)) {
          ended.add(jobId);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampling);
  const after = { http: rssMegabytes(http.child), worker: worker ? rssMegabytes(worker) : 0 };

  console.log(
    `${roles}: ${GENERATIONS} generations in ${seconds.toFixed(1)} s (${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')}); ` +
      `${latencies.length} polls of the HTTP process: p50 ${ms(percentile(latencies, 0.5))}, ` +
      `p99 ${ms(percentile(latencies, 0.99))}, max ${ms(percentile(latencies, 1))}`,
  );
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  console.log(
    `${roles}: ${THUMBNAILS.length} thumbnails never rendered before served in ${thumbnailSeconds.toFixed(1)} s`,
  );
  console.log(
    `${roles}: RSS of the ${roles === 'all' ? 'all' : 'web'} process: idle ${mb(idle.http)}, after the thumbnails ${mb(afterThumbnails.http)}, peak ${mb(peak.http)}, after ${mb(after.http)}` +
      (worker
        ? `; worker: idle ${mb(idle.worker)}, after the thumbnails ${mb(afterThumbnails.worker)}, peak ${mb(peak.worker)}, after ${mb(after.worker)}`
        : ''),
  );
  for (const child of processes) {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
  await deleteRedisKeys(redis);
  await db.close();
}

console.log(
  `${target.name}, ${GENERATIONS} generations (a light, 2 MP photo) on one machine, ${POLLERS} clients polling their jobs`,
);
await scenario('all');
// The settings refuse it: a web server's and a worker's SQLite transactions fail each other.
if (target.name === 'mysql') await scenario('web + worker');
else console.log('web + worker: skipped, a web server and a worker need MYSQL_URL (one SQLite file takes one process)');
rmSync(dir, { recursive: true, force: true });
