import { ReplicateClient, type Sleep } from '@atelier/media';
import { startFakeReplicate, type FakeReplicate } from '@atelier/media/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCreateBudget } from '../src/create-budget';
import { deleteRedisKeys, testQueueTargets, testRedis } from './support/redis';

/** A wait for the window to pass, recorded and cut short: the test has seen all it needs. */
function stoppingSleep(): { sleep: Sleep; waits: number[]; stop: Error } {
  const waits: number[] = [];
  const stop = new Error('the window is full');
  return {
    waits,
    stop,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.reject(stop);
    },
  };
}

const create = (client: ReplicateClient) =>
  client.request('/models/black-forest-labs/flux-kontext-pro/predictions', {
    method: 'POST',
    data: { input: { prompt: 'Restyle the photo.', input_image: 'https://replicate.delivery/in.jpg' } },
  });

describe("Replicate's create budget, the account's", () => {
  let fake: FakeReplicate;
  beforeAll(async () => {
    fake = await startFakeReplicate();
  });
  afterAll(async () => {
    await fake.close();
  });
  const clientWith = (budget: RedisCreateBudget) =>
    new ReplicateClient({ token: fake.token, baseUrl: fake.baseUrl, createBudget: budget });
  const creates = () => fake.requests.filter(({ method, path }) => method === 'POST' && path.endsWith('/predictions'));

  const redis = testRedis(testQueueTargets().at(-1)!);
  it.skipIf(!redis)('is one window for two instances on one Redis', async () => {
    const connections = [new Redis(redis!.url), new Redis(redis!.url)];
    const { sleep, waits, stop } = stoppingSleep();
    try {
      const [first, second] = connections.map((client) =>
        clientWith(new RedisCreateBudget({ client, prefix: redis!.prefix }, 2, sleep)),
      );
      await create(first!);
      await create(second!);
      // Two creates fill the account's minute, whichever instance sent them: both now wait for its end.
      await expect(create(first!)).rejects.toBe(stop);
      await expect(create(second!)).rejects.toBe(stop);
      expect(creates()).toHaveLength(2);
      expect(waits).toHaveLength(2);
      for (const wait of waits) expect(wait).toBeGreaterThan(50_000);
      for (const wait of waits) expect(wait).toBeLessThanOrEqual(60_000);
    } finally {
      await Promise.all(connections.map((connection) => connection.quit()));
      await deleteRedisKeys(redis!);
    }
  });

  it('counts in this process while Redis cannot be reached', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    unreachable.on('error', () => {});
    const { sleep, waits, stop } = stoppingSleep();
    try {
      const budget = new RedisCreateBudget({ client: unreachable, prefix: 'atelier-test-unreachable' }, 1, sleep);
      await budget.take();
      await expect(budget.take()).rejects.toBe(stop);
      expect(waits).toHaveLength(1);
    } finally {
      unreachable.disconnect();
    }
  });
});
