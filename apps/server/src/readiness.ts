import type { MediaDeps } from '@atelier/api';
import type { MikroORM } from '@atelier/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute } from './openapi/api-route';
import type { SharedRedis } from './redis';

/** Each dependency gets this long to answer, so a frozen one makes readiness fail rather than hang. */
export const READINESS_TIMEOUT_MS = 2000;

export const readinessMessages = {
  unavailable: 'Service indisponible : une dépendance ne répond pas.',
} as const;

type CheckState = 'ok' | 'failed' | 'timeout';

async function within(
  check: () => Promise<unknown>,
  timeoutMs: number,
): Promise<{ state: CheckState; cause?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ state: CheckState }>((resolve) => {
    timer = setTimeout(() => resolve({ state: 'timeout' }), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => ({ state: 'ok' as const }),
        (cause: unknown) => ({ state: 'failed' as const, cause }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessDeps {
  orm: MikroORM;
  media: MediaDeps;
  redis: SharedRedis | null;
  /** Whether any process runs generations (a web server asks Redis); told, never a reason to be unready. */
  generationWorkers: () => Promise<boolean>;
  timeoutMs?: number | undefined;
}

/**
 * `/api/health`: liveness only — the process answers — so a database outage never gets healthy
 * instances restarted. `/api/ready`: whether this instance can serve now — the database answers,
 * storage takes a write, and Redis answers when configured — each within its own short timeout.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/health',
      tag: 'Service',
      summary: 'Santé du service',
      description: 'Le processus répond (vivacité seulement ; `/api/ready` dit s’il peut servir).',
      access: 'public',
      answer: { kind: 'json', schema: z.object({ status: z.literal('ok') }), description: 'Le processus répond.' },
    },
    handler: async () => ({ status: 'ok' }),
  });

  const checks: Record<string, () => Promise<unknown>> = {
    database: async () => {
      const check = await deps.orm.checkConnection();
      if (!check.ok) throw check.error ?? new Error(check.reason);
    },
    storage: async () => deps.media.storage.delete(await deps.media.storage.put('probes', Buffer.from('ready'), 'jpg')),
    ...(deps.redis ? { redis: () => deps.redis!.client.ping() } : {}),
  };

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/ready',
      tag: 'Service',
      summary: 'Prêt à servir',
      description:
        'Pour les répartiteurs de charge : la base de données, le stockage et Redis (quand il est configuré) répondent, chacun dans un court délai ; 503 avec `Retry-After` sinon. `generation` dit si un processus fait tourner les générations (`unavailable` : aucun worker ; les appels synchrones et les aperçus répondent alors 503 aussitôt, les générations asynchrones attendent en file).',
      access: 'public',
      answer: {
        kind: 'json',
        schema: z.object({
          status: z.literal('ready'),
          checks: z.record(z.string(), z.literal('ok')),
          generation: z.enum(['available', 'unavailable']),
        }),
        description: 'Chaque dépendance répond.',
      },
      refusals: [503],
    },
    handler: async (request, reply) => {
      const results = await Promise.all(
        Object.entries(checks).map(
          async ([name, check]) => [name, await within(check, deps.timeoutMs ?? READINESS_TIMEOUT_MS)] as const,
        ),
      );
      for (const [name, result] of results) {
        if (result.state !== 'ok')
          request.log.error({ check: name, state: result.state, cause: result.cause }, 'readiness check failed');
      }
      const states = Object.fromEntries(results.map(([name, result]) => [name, result.state]));
      if (results.every(([, result]) => result.state === 'ok')) {
        const workers = await within(async () => {
          if (!(await deps.generationWorkers())) throw new Error('no generation worker');
        }, deps.timeoutMs ?? READINESS_TIMEOUT_MS);
        if (workers.state !== 'ok') request.log.warn({ cause: workers.cause }, 'no generation worker runs');
        return { status: 'ready', checks: states, generation: workers.state === 'ok' ? 'available' : 'unavailable' };
      }
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', message: readinessMessages.unavailable, checks: states });
    },
  });
}
