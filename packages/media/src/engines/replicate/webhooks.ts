import { validateWebhook, type Prediction } from 'replicate';
import { FINISHED_STATUSES, type WebhookOutcomes } from './predictions';

/** A webhook whose signed timestamp is further than this from now is refused (replays, Standard Webhooks' tolerance). */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/**
 * The prediction a webhook carries, when it has finished ("start" webhooks only say it began):
 * what a waiting engine reads of it, without the input it echoes (our picture, up to a megabyte).
 */
function finishedPrediction(body: string): Prediction | null {
  try {
    const prediction = JSON.parse(body) as Partial<Prediction> | null;
    if (typeof prediction?.id !== 'string' || !FINISHED_STATUSES.has(String(prediction.status))) return null;
    const { id, status, error, model, version } = prediction as Prediction;
    return { id, status, output: prediction.output as unknown, error, model, version } as Prediction;
  } catch {
    return null;
  }
}

/**
 * How a finished prediction reaches the other instances: the one Replicate's POST lands on is not
 * always the one whose job waits for it (Redis pub/sub in a deployment of several).
 */
export interface WebhookRelay {
  publish(prediction: Prediction): void;
  /** Calls `deliver` with each prediction another instance published. */
  listen(deliver: (prediction: Prediction) => void): void;
}

/** One POST Replicate made: its three signature headers and the raw body they sign. */
export interface WebhookDelivery {
  id?: string | undefined;
  timestamp?: string | undefined;
  signature?: string | undefined;
  body: string;
}

export type WebhookRefusal = 'unsigned' | 'stale';

/** A webhook that must change nothing and be refused: not signed with our secret, or too old. */
export class WebhookRefusedError extends Error {
  override readonly name = 'WebhookRefusedError';

  constructor(readonly reason: WebhookRefusal) {
    super(`Replicate webhook refused: ${reason}`);
  }
}

export interface ReplicateWebhooksOptions {
  /** Where Replicate posts: `${PUBLIC_URL}/api/replicate/webhook`. */
  url: string;
  /** The account's signing secret, `whsec_…`. */
  secret: string;
}

/**
 * The meeting point of Replicate's webhooks and the engine calls waiting in this process: the
 * webhook route hands each delivery to `receive`, which checks it and settles the wait of its
 * prediction. An outcome that arrives before anyone waits for it (the webhook can beat the
 * create call's answer) is kept for a while.
 */
export class ReplicateWebhooks implements WebhookOutcomes {
  readonly url: string;
  private readonly secret: string;
  private readonly waiting = new Map<string, (prediction: Prediction) => void>();
  /** Outcomes nobody waited for yet, by prediction id, with when they came. */
  private readonly early = new Map<string, { prediction: Prediction; at: number }>();
  /** Webhook ids already received, with when: a replay within the accepted age is recognised. */
  private readonly received = new Map<string, number>();
  private relay: WebhookRelay | undefined;

  constructor(options: ReplicateWebhooksOptions) {
    this.url = options.url;
    this.secret = options.secret;
  }

  /** From now on, outcomes this instance receives reach the others, and theirs reach this one. */
  relayThrough(relay: WebhookRelay): void {
    this.relay = relay;
    relay.listen((prediction) => this.deliver(prediction, Date.now()));
  }

  /**
   * Checks a delivery (signature with the official client's `validateWebhook`, timestamp age)
   * and hands a finished prediction to whoever waits for it, here or, through the relay, on
   * another instance. A webhook id seen before is a retry of Replicate's: accepted, and it
   * changes nothing. Throws WebhookRefusedError for a delivery that is not Replicate's.
   */
  async receive(delivery: WebhookDelivery): Promise<void> {
    const { id, timestamp, signature, body } = delivery;
    if (!id || !timestamp || !signature || !(await this.signed({ id, timestamp, signature, body })))
      throw new WebhookRefusedError('unsigned');
    const now = Date.now();
    if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp) * 1000) > WEBHOOK_MAX_AGE_MS)
      throw new WebhookRefusedError('stale');
    this.forgetOld(now);
    if (this.received.has(id)) return;
    this.received.set(id, now);

    const prediction = finishedPrediction(body);
    if (!prediction) return;
    if (!this.deliver(prediction, now)) this.relay?.publish(prediction);
  }

  /** Settles the wait of the prediction, or keeps its outcome for a wait to come; true when one waited here. */
  private deliver(prediction: Prediction, now: number): boolean {
    const resolve = this.waiting.get(prediction.id);
    if (resolve) resolve(prediction);
    else this.early.set(prediction.id, { prediction, at: now });
    return resolve !== undefined;
  }

  /**
   * The finished prediction once its webhook comes; `release` when no longer waiting (the
   * outcome came by polling, or the wait was given up).
   */
  outcome(predictionId: string): { finished: Promise<Prediction>; release(): void } {
    const arrived = this.early.get(predictionId);
    if (arrived) {
      this.early.delete(predictionId);
      return { finished: Promise.resolve(arrived.prediction), release: () => {} };
    }
    const finished = new Promise<Prediction>((resolve) => this.waiting.set(predictionId, resolve));
    return { finished, release: () => this.waiting.delete(predictionId) };
  }

  private async signed(delivery: { id: string; timestamp: string; signature: string; body: string }): Promise<boolean> {
    try {
      return await validateWebhook({ ...delivery, secret: this.secret });
    } catch {
      return false; // an unreadable signature header
    }
  }

  /** A replay is refused for its age once its timestamp is past the window on either side. */
  private forgetOld(now: number): void {
    for (const [id, at] of this.received) if (now - at > 2 * WEBHOOK_MAX_AGE_MS) this.received.delete(id);
    for (const [id, { at }] of this.early) if (now - at > WEBHOOK_MAX_AGE_MS) this.early.delete(id);
  }
}
