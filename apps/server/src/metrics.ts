import { timingSafeEqual } from 'node:crypto';
import type { FinishedJob, JobService } from '@atelier/api';
import { CreditEntry, GenerationJob, type MikroORM } from '@atelier/db';
import { imagePoolStats, modelThreadsStarted, type RenderKind } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsMessages = {
  unauthorized: 'Jeton de métriques manquant ou invalide.',
} as const;

const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

/** The mysql2 pool's own lists, where the driver has them (MySQL, MariaDB); SQLite has one connection. */
interface PoolLists {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
}

/** How long a scrape waits for Redis to count the workers: a frozen Redis must not stall the operator's view. */
const WORKERS_FIGURE_MS = 1000;

/** `work`'s answer, or `otherwise` when it fails or takes longer than `ms`. */
async function answeredWithin<T>(work: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(otherwise), ms);
  });
  try {
    return await Promise.race([work.catch(() => otherwise), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server's Prometheus metrics, one registry per app: requests by route pattern, generations
 * (by state, queued, run time), credit holds open, the database pool, the image pool and Node's own.
 * Database figures are read when scraped, in a registry of their own: while the database does not
 * answer, a scrape still succeeds, without them and with `atelier_database_up` at 0, rather than
 * failing (or reporting a queue of 0 that nobody counted).
 */
export class ServerMetrics {
  private readonly registry = new Registry();
  private readonly databaseFigures = new Registry();
  private readonly databaseUp: Gauge;
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly generationRuns: Histogram<'kind' | 'engine'>;
  private readonly generationsEnded: Counter<'kind' | 'engine' | 'status'>;
  /** Jobs running in this process now; none until the job service is told (a web process runs none). */
  private jobs: Pick<JobService, 'running' | 'workers'> | null = null;
  private readonly cloudFailures: Counter<'model' | 'reason'>;
  private readonly cloudSpend: Counter<'model'>;

  /** `rendered`: the render cache's count of what this process rendered, by kind. */
  constructor(orm: MikroORM, rendered: Readonly<Record<RenderKind, number>>) {
    const registers = [this.registry];
    const fromDatabase = [this.databaseFigures];
    collectDefaultMetrics({ register: this.registry });
    this.databaseUp = new Gauge({
      name: 'atelier_database_up',
      help: 'Whether the database answered this scrape (1) or not (0): the figures read from it are missing while it does not',
      registers,
    });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status: duration (its _count is the request rate)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      registers,
    });
    this.generationRuns = new Histogram({
      name: 'atelier_generation_run_seconds',
      help: 'Generations run by this process, by kind and engine: time from start to stored result (engine time)',
      labelNames: ['kind', 'engine'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    this.generationsEnded = new Counter({
      name: 'atelier_generations_ended_total',
      help: 'Generations run by this process that ended, by kind, engine and status (succeeded, failed, canceled)',
      labelNames: ['kind', 'engine', 'status'],
      registers,
    });
    this.cloudFailures = new Counter({
      name: 'atelier_cloud_failures_total',
      help: 'Cloud generations that failed, by Replicate model and reason (unauthorized, insufficient_credit, invalid_input, throttled, moderation, model_failed, timeout, unreachable, bad_output)',
      labelNames: ['model', 'reason'],
      registers,
    });
    this.cloudSpend = new Counter({
      name: 'atelier_cloud_spend_usd_total',
      help: "What this process's generations spent on the cloud, by Replicate model: every prediction started, at the registry's list price (US dollars)",
      labelNames: ['model'],
      registers,
    });
    new Gauge({
      name: 'atelier_generation_jobs',
      help: 'Generation jobs by state',
      labelNames: ['state'],
      registers: fromDatabase,
      async collect() {
        const em = orm.em.fork();
        const counts = await Promise.all(JOB_STATES.map((state) => em.count(GenerationJob, { status: state })));
        JOB_STATES.forEach((state, index) => this.set({ state }, counts[index] ?? 0));
      },
    });
    new Gauge({
      name: 'atelier_generation_queue_depth',
      help: 'Generation jobs waiting for a worker',
      registers: fromDatabase,
      async collect() {
        this.set(await orm.em.fork().count(GenerationJob, { status: 'queued' }));
      },
    });
    new Gauge({
      name: 'atelier_generation_oldest_waiting_seconds',
      help: 'How long the oldest generation waiting for a worker has waited (0 when none waits): the workers scale on it',
      registers: fromDatabase,
      async collect() {
        const oldest = await orm.em
          .fork()
          .findOne(GenerationJob, { status: 'queued' }, { orderBy: { id: 'asc' }, fields: ['createdAt'] });
        this.set(oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0);
      },
    });
    const workersAlive = async () => (await this.jobs?.workers.alive()) ?? false;
    new Gauge({
      name: 'atelier_generation_workers_up',
      help: 'Whether any process runs generations (1) or none does (0): asked of Redis on a web server',
      registers,
      async collect() {
        this.set((await answeredWithin(workersAlive(), WORKERS_FIGURE_MS, false)) ? 1 : 0);
      },
    });
    const runningHere = () => this.jobs?.running ?? 0;
    new Gauge({
      name: 'atelier_generations_running_here',
      help: 'Generations this process is running now (0 on a web process)',
      registers,
      collect() {
        this.set(runningHere());
      },
    });
    new Gauge({
      name: 'atelier_credit_holds_open',
      help: 'Credits held for generations not ended yet (ledger entries)',
      registers: fromDatabase,
      async collect() {
        this.set(await orm.em.fork().count(CreditEntry, { status: 'held' }));
      },
    });
    new Gauge({
      name: 'atelier_db_pool_connections',
      help: 'Database connections of this process, open and idle',
      labelNames: ['state'],
      registers,
      async collect() {
        const connection = orm.em.getConnection() as unknown as { getNativeClient?: () => Promise<PoolLists> };
        const pool = (await connection.getNativeClient?.().catch(() => null)) ?? null;
        this.set({ state: 'open' }, pool?._allConnections?.length ?? 1);
        this.set({ state: 'idle' }, pool?._freeConnections?.length ?? 0);
      },
    });
    new Gauge({
      name: 'atelier_renders',
      help: 'Renders this process made since it started, by kind (thumbnail, art, stitch): what the render cache did not spare (a web server asks the workers for thumbnails)',
      labelNames: ['kind'],
      registers,
      collect() {
        for (const [kind, count] of Object.entries(rendered)) this.set({ kind }, count);
      },
    });
    new Gauge({
      name: 'atelier_model_threads_started',
      help: 'Model threads this process started since it started, each loading TensorFlow.js and its models (0 on a web server)',
      registers,
      collect() {
        this.set(modelThreadsStarted());
      },
    });
    new Gauge({
      name: 'atelier_image_pool',
      help: 'The image work pool: size, running and waiting',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = imagePoolStats();
        this.set({ state: 'size' }, stats.size);
        this.set({ state: 'active' }, stats.active);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** Whether the server exports a series of that name, whether or not the database answers now. */
  exports(name: string): boolean {
    return [this.registry, this.databaseFigures].some((registry) => registry.getSingleMetric(name) !== undefined);
  }

  /** Every figure in Prometheus' text format: those read from the database only when it answered. */
  private async exposition(): Promise<string> {
    const figures = await this.databaseFigures.metrics().catch(() => null);
    this.databaseUp.set(figures === null ? 0 : 1);
    const own = await this.registry.metrics();
    return figures === null ? own : `${own}\n${figures}`;
  }

  /** The job service whose running generations, and whose workers, are counted. */
  follow(jobs: Pick<JobService, 'running' | 'workers'>): void {
    this.jobs = jobs;
  }

  /**
   * Told by the job service when a generation ends. Only runs of this process count (a run's end
   * comes with its run time; a cancel of a queued job or a hand-back ran nothing here).
   */
  generationEnded(job: FinishedJob): void {
    if (job.runMs === undefined) return;
    this.generationsEnded.inc({ kind: job.kind, engine: job.engine, status: job.status });
    this.generationRuns.observe({ kind: job.kind, engine: job.engine }, job.runMs / 1000);
    if (job.cloudFailure) this.cloudFailures.inc(job.cloudFailure);
    for (const { model, priceUsd } of job.cloudSpend ?? []) this.cloudSpend.inc({ model }, priceUsd);
  }

  /**
   * Times every answer by its route pattern (never the raw URL, so ids do not explode the series),
   * and serves `/api/metrics` to a scraper holding the token.
   */
  register(app: FastifyInstance, token: string): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.requests.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/api/metrics', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: metricsMessages.unauthorized });
      }
      return reply.type(this.registry.contentType).send(await this.exposition());
    });
  }
}
