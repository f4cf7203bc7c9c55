import { Redis } from 'ioredis';

/**
 * The Redis connections of one server process, made once from REDIS_URL and handed to whatever
 * shares state across instances (the generation queue and its events).
 */
export interface SharedRedis {
  /** For commands. BullMQ's worker opens its own blocking connection beside it. */
  client: Redis;
  /** For subscriptions only: a subscribed Redis connection takes no other command. */
  subscriber: Redis;
  /** Every key and channel of this deployment starts with it. */
  prefix: string;
  close(): Promise<void>;
}

export const REDIS_PREFIX = 'atelier';

/** Connects both, or fails at once with a message naming the server (never its password). */
export async function connectRedis(
  settings: { url: string; prefix?: string | undefined },
  log: { error(object: unknown, message: string): void },
): Promise<SharedRedis> {
  // Commands wait for a reconnect instead of failing after a few tries: BullMQ requires it.
  const client = new Redis(settings.url, { maxRetriesPerRequest: null, lazyConnect: true });
  const subscriber = client.duplicate();
  let lastError: Error | undefined;
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: Error) => {
      lastError = error;
      log.error({ err: error }, 'Redis connection error');
    });
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    const { host } = new URL(settings.url);
    throw new Error(`Redis does not answer at ${host} (REDIS_URL): ${(lastError ?? (error as Error)).message}`, { cause: error });
  }
  return {
    client,
    subscriber,
    prefix: settings.prefix ?? REDIS_PREFIX,
    async close() {
      await Promise.all([client.quit(), subscriber.quit()]);
    },
  };
}
