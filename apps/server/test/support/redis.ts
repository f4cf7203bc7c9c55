import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export interface TestQueueTarget {
  name: 'in-process' | 'redis';
  /** For Redis, the server's URL. */
  url?: string;
}

/** The job queue in this process always; on Redis (BullMQ) too when REDIS_URL names a server. */
export function testQueueTargets(env: NodeJS.ProcessEnv = process.env): TestQueueTarget[] {
  const targets: TestQueueTarget[] = [{ name: 'in-process' }];
  if (env.REDIS_URL) targets.push({ name: 'redis', url: env.REDIS_URL });
  return targets;
}

/** Redis settings of their own for one test app: test files running at once never share a queue. */
export function testRedis(target: TestQueueTarget): { url: string; prefix: string } | undefined {
  if (target.name !== 'redis') return undefined;
  return { url: target.url!, prefix: `atelier-test-${randomBytes(6).toString('hex')}` };
}

/** Removes every key a test app left under its prefix. */
export async function deleteRedisKeys({ url, prefix }: { url: string; prefix: string }): Promise<void> {
  const redis = new Redis(url);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    await redis.quit();
  }
}
