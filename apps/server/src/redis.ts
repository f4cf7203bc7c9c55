import { RedisReads } from '@atelier/api';
import type { WebhookRelay } from '@atelier/media';
import { Redis } from 'ioredis';

/**
 * The Redis connections of one server process, made once from REDIS_URL and handed to whatever
 * shares state across instances (the generation queue and its events).
 */
export interface SharedRedis {
  /**
   * For the commands of requests (queueing a job, publishing its events, the polls' reads): while
   * Redis is away or frozen they fail within REDIS_COMMAND_TIMEOUT_MS instead of holding the request.
   */
  client: Redis;
  /** The client's GETs of the polls (session endings, list stamps), one MGET per turn of the event loop. */
  reads: RedisReads;
  /** For the generation worker, whose commands wait for Redis to come back. */
  worker: Redis;
  /** For subscriptions only: a subscribed Redis connection takes no other command. */
  subscriber: Redis;
  /** Every key and channel of this deployment starts with it. */
  prefix: string;
  close(): Promise<void>;
}

export const REDIS_PREFIX = 'atelier';

/**
 * How long a request's Redis command may take: Redis answers in a millisecond, so past this it is
 * frozen or gone, and the request is answered without it (or 503) rather than held.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** Connects them all, or fails at once with a message naming the server (never its password). */
export async function connectRedis(
  settings: { url: string; prefix?: string | undefined },
  log: { error(object: unknown, message: string): void },
): Promise<SharedRedis> {
  // A request's command fails at once while Redis is disconnected (no offline queue), after one
  // retry over a reconnection, or after the timeout while it is frozen.
  const client = new Redis(settings.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // The worker's blocking commands and the subscriptions wait for Redis to come back, as BullMQ requires.
  const waiting = { enableOfflineQueue: true, commandTimeout: undefined };
  const worker = client.duplicate({ ...waiting, maxRetriesPerRequest: null });
  const subscriber = client.duplicate(waiting);
  const connections = [client, worker, subscriber];
  let lastError: Error | undefined;
  for (const connection of connections) {
    connection.on('error', (error: Error) => {
      lastError = error;
      log.error({ err: error }, 'Redis connection error');
    });
  }
  try {
    await Promise.all(connections.map((connection) => connection.connect()));
  } catch (error) {
    for (const connection of connections) connection.disconnect();
    const { host } = new URL(settings.url);
    throw new Error(`Redis does not answer at ${host} (REDIS_URL): ${(lastError ?? (error as Error)).message}`, {
      cause: error,
    });
  }
  return {
    client,
    reads: new RedisReads(client),
    worker,
    subscriber,
    prefix: settings.prefix ?? REDIS_PREFIX,
    /** Quits politely, or drops a connection whose QUIT Redis does not answer in time (it is gone). */
    async close() {
      await Promise.all(
        connections.map(async (connection) => {
          let timer: NodeJS.Timeout | undefined;
          const gone = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS);
          });
          await Promise.race([connection.quit().catch(() => undefined), gone]);
          clearTimeout(timer);
          connection.disconnect();
        }),
      );
    },
  };
}

/**
 * Replicate's webhook lands on one instance, the job waiting for it may run on another: finished
 * predictions go through this channel (ids, status, output URLs, errors; never the echoed input).
 */
export function redisWebhookRelay(
  redis: SharedRedis,
  log: { error(object: unknown, message: string): void },
): WebhookRelay {
  const channel = `${redis.prefix}:replicate-outcomes`;
  return {
    publish(prediction) {
      redis.client
        .publish(channel, JSON.stringify(prediction))
        .catch((error: unknown) =>
          log.error(
            { err: error, predictionId: prediction.id },
            'Replicate outcome not relayed: its job finds it by polling',
          ),
        );
    },
    listen(deliver) {
      redis.subscriber.on('message', (from: string, message: string) => {
        if (from === channel) deliver(JSON.parse(message) as Parameters<typeof deliver>[0]);
      });
      redis.subscriber
        .subscribe(channel)
        .catch((error: unknown) =>
          log.error(
            { err: error },
            'Replicate outcomes of other instances not followed: their jobs find them by polling',
          ),
        );
    },
  };
}
