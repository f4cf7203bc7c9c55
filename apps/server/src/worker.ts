import { ListVersions, RedisVersionStore, type MediaDeps } from '@atelier/api';
import type { MikroORM } from '@atelier/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sendHttpError } from './http-errors';
import { afterGeneration, createJobService } from './jobs';
import { ServerMetrics } from './metrics';
import { registerHealthRoutes } from './readiness';
import { connectRedis, redisWebhookRelay } from './redis';

export interface WorkerOptions {
  orm: MikroORM;
  media: MediaDeps;
  /** The queue every web server of the deployment fills. */
  redis: { url: string; prefix?: string | undefined };
  generation?: { concurrency?: number | undefined; leaseMs?: number | undefined };
  /** How long a stop waits for running generations before handing them back to the queue. */
  shutdownGraceMs?: number | undefined;
  metricsToken?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

/**
 * A generation worker (ATELIER_ROLE=worker): takes jobs from the Redis queue (after taking back
 * those of dead processes) and runs them, and renders the option thumbnails the web servers ask
 * for; its HTTP port serves only `/api/health`, `/api/ready` and, with a token, `/api/metrics`.
 * Closing it drains: no new job is taken, the running ones finish or, past the grace, go back in
 * line for another worker.
 */
export async function buildWorker(options: WorkerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const redis = await connectRedis(options.redis, app.log);
  // Replicate's webhooks land on a web server, which relays them here.
  options.media.replicateWebhooks?.relayThrough(redisWebhookRelay(redis, app.log));
  const metrics = options.metricsToken ? new ServerMetrics(options.orm, options.media.renders.rendered) : null;
  const listVersions = new ListVersions(new RedisVersionStore(redis.client, redis.reads, redis.prefix));
  const jobs = await createJobService({
    orm: options.orm,
    media: options.media,
    generation: options.generation,
    redis,
    onFinished: afterGeneration(listVersions, metrics, app.log),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await jobs.close({ graceMs: options.shutdownGraceMs });
    await redis.close();
  });
  registerHealthRoutes(app, {
    orm: options.orm,
    media: options.media,
    redis,
    generationWorkers: () => jobs.workers.alive(),
  });
  if (metrics && options.metricsToken) {
    metrics.follow(jobs);
    metrics.register(app, options.metricsToken);
  }
  app.setNotFoundHandler((_request, reply) => sendHttpError(reply, { statusCode: 404 }));
  await jobs.start();
  return app;
}
