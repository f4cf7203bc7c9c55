import type { Redis } from 'ioredis';
import { JobEvents, topicsOf, type JobSnapshot } from './events';

export interface RedisJobEventsOptions {
  /** The connection that publishes. */
  publisher: Redis;
  /** A connection that only listens: a subscribed Redis connection takes no other command. */
  subscriber: Redis;
  /** Shared by every instance of one deployment. */
  prefix: string;
  log?: { error(object: unknown, message: string): void };
}

/**
 * Job events across instances: each snapshot is published on Redis, on its job's channel and on
 * its owner's, and each instance hands what it receives to its own listeners, so a REST call
 * waiting on instance B, or an SSE stream there, follows a job that instance A runs. Each instance
 * listens to every channel through one pattern subscription made before first use: a listener
 * added later needs no Redis round trip, so nothing published after `subscribe` returns is missed.
 */
export class RedisJobEvents extends JobEvents {
  private readonly channelPrefix: string;

  private constructor(private readonly options: RedisJobEventsOptions) {
    super();
    this.channelPrefix = `${options.prefix}:job-events:`;
  }

  /** Listens on Redis, then answers: the events of every instance reach this one from then on. */
  static async open(options: RedisJobEventsOptions): Promise<RedisJobEvents> {
    const events = new RedisJobEvents(options);
    options.subscriber.on('pmessage', events.received);
    await options.subscriber.psubscribe(`${events.channelPrefix}*`);
    return events;
  }

  override publish(snapshot: JobSnapshot): void {
    const message = JSON.stringify(snapshot);
    for (const topic of topicsOf(snapshot)) {
      // Lost with Redis down: the followers then read the job's row (GET /api/jobs/{id}).
      this.options.publisher
        .publish(this.channelPrefix + topic, message)
        .catch((error: unknown) => this.options.log?.error({ err: error, topic }, 'job event not published'));
    }
  }

  private readonly received = (_pattern: string, channel: string, message: string): void => {
    if (channel.startsWith(this.channelPrefix))
      this.deliver(channel.slice(this.channelPrefix.length), JSON.parse(message) as JobSnapshot);
  };
}
