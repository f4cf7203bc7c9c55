import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppError } from '../shared/errors';
import { GENERATION_QUEUE, type LowerPriorityWork } from './bullmq-queue';
import { WorkerPresence } from './workers';

/** Thumbnail jobs ride the generations' queue, below every generation (see LowerPriorityWork). */
const THUMBNAIL = 'thumbnail';
/** Any priority at all puts a job behind those without one (the generations); lower numbers go first among the rest. */
const THUMBNAIL_PRIORITY = 1;

export const thumbnailMessages = {
  pending: 'Cet aperçu est en cours de préparation. Réessayez dans quelques secondes.',
} as const;

/** A first thumbnail on a cold worker waits for its models to load: seconds, not minutes. */
export const THUMBNAIL_RETRY_AFTER_SECONDS = 10;

/** What a worker says once a thumbnail asked of it is kept in the shared render store, or could not be. */
interface ThumbnailOutcome {
  renderId: string;
  failed?: string;
}

interface ThumbnailJob {
  renderId: string;
}

type Log = { error(object: unknown, message: string): void };

const channelOf = (prefix: string) => `${prefix}:thumbnails-kept`;
/** One job per thumbnail at a time: asked again while it waits or runs, BullMQ keeps the one it holds. */
const jobIdOf = (renderId: string) => `thumbnail-${renderId.replaceAll('/', '.')}`;

export interface ThumbnailRequestsOptions {
  /** For queueing (a request waits on it). */
  connection: Redis;
  /** A connection that only listens: a subscribed Redis connection takes no other command. */
  subscriber: Redis;
  /** Shared by every process of one deployment. */
  prefix: string;
  /** How long a request waits for a worker's thumbnail before it is answered 503 with Retry-After. */
  waitMs: number;
  log?: Log;
}

/**
 * A web server's way to its missing thumbnails and tiles of members' photos (ATELIER_ROLE=web), asked of the workers,
 * which run the models, on the generations' BullMQ queue, behind every paid generation waiting; a
 * worker keeps the thumbnail in the render store every process shares and says so on a Redis
 * channel, which this process listens to from before its first request, so no answer is missed.
 */
export class ThumbnailRequests {
  private readonly queue: Queue<ThumbnailJob>;
  private readonly waiting = new Map<string, Set<(outcome: ThumbnailOutcome) => void>>();
  private readonly workers = new WorkerPresence(() => this.queue.getWorkersCount());

  private constructor(private readonly options: ThumbnailRequestsOptions) {
    this.queue = new Queue<ThumbnailJob>(GENERATION_QUEUE, {
      connection: options.connection,
      prefix: options.prefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on('error', (error) => options.log?.error({ err: error }, 'thumbnail queue error'));
  }

  static async open(options: ThumbnailRequestsOptions): Promise<ThumbnailRequests> {
    const requests = new ThumbnailRequests(options);
    const channel = channelOf(options.prefix);
    options.subscriber.on('message', (from: string, message: string) => {
      if (from === channel) requests.received(JSON.parse(message) as ThumbnailOutcome);
    });
    await options.subscriber.subscribe(channel);
    return requests;
  }

  /**
   * Resolves once a worker has kept the thumbnail; past the wait, a 503 saying when to retry (the
   * job stays queued: the next request likely finds the thumbnail kept).
   */
  readonly render = async (renderId: string): Promise<void> => {
    // No worker at all: said at once rather than after the whole wait.
    await this.workers.requireForWait(this.options.waitMs);
    return new Promise<void>((resolve, reject) => {
      const listeners = this.waiting.get(renderId) ?? new Set();
      this.waiting.set(renderId, listeners);
      const stop = () => {
        clearTimeout(timer);
        listeners.delete(settle);
        if (listeners.size === 0) this.waiting.delete(renderId);
      };
      const settle = (outcome: ThumbnailOutcome) => {
        stop();
        if (outcome.failed) reject(new Error(`a worker could not render thumbnail ${renderId}: ${outcome.failed}`));
        else resolve();
      };
      const timer = setTimeout(() => {
        stop();
        reject(
          new AppError('UNAVAILABLE', thumbnailMessages.pending, {
            clientCode: 'thumbnail_pending',
            retryAfterSeconds: THUMBNAIL_RETRY_AFTER_SECONDS,
          }),
        );
      }, this.options.waitMs);
      listeners.add(settle);
      this.queue
        .add(THUMBNAIL, { renderId }, { jobId: jobIdOf(renderId), priority: THUMBNAIL_PRIORITY })
        .catch((error: unknown) => {
          stop();
          reject(error);
        });
    });
  };

  async close(): Promise<void> {
    await this.queue.close();
  }

  private received(outcome: ThumbnailOutcome): void {
    for (const settle of [...(this.waiting.get(outcome.renderId) ?? [])]) settle(outcome);
  }
}

export interface ThumbnailRenderingOptions {
  /** Where a worker says what became of each thumbnail. */
  publisher: Redis;
  prefix: string;
  log?: Log;
}

/**
 * A worker's side of ThumbnailRequests: renders the thumbnails the web servers ask for (with
 * `render`, which keeps them in the shared render store), as the generations' queue hands them
 * out, and tells the web servers once each is kept.
 */
export function thumbnailRendering(
  render: (renderId: string) => Promise<unknown>,
  options: ThumbnailRenderingOptions,
): LowerPriorityWork {
  const channel = channelOf(options.prefix);
  const tell = (outcome: ThumbnailOutcome) =>
    void options.publisher
      .publish(channel, JSON.stringify(outcome))
      .catch((error: unknown) => options.log?.error({ err: error }, 'thumbnail outcome not published'));
  return {
    name: THUMBNAIL,
    run: (data) => render((data as ThumbnailJob).renderId),
    settled(data, error) {
      const { renderId } = data as ThumbnailJob;
      if (error) options.log?.error({ err: error, renderId }, 'thumbnail not rendered');
      tell(error ? { renderId, failed: error.message } : { renderId });
    },
  };
}
