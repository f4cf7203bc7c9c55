import { setTimeout as delay } from 'node:timers/promises';
import type { Prediction } from 'replicate';
import { ReplicateHttpError, type ReplicateClient } from './client';
import { CloudFailure, cloudFailure, errorWords, predictionFailureReason, type CloudFailureReason } from './failures';
import { WorkHandedOver } from '../types';

/** The statuses a prediction ends in, whether told by a poll or a webhook. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set<Prediction['status']>([
  'succeeded',
  'failed',
  'canceled',
  'aborted',
]);

/** Why a prediction ended without succeeding, when its status says it (a failed one's reason is in its words). */
const ENDING_REASONS: Readonly<Partial<Record<Prediction['status'], CloudFailureReason>>> = {
  canceled: 'canceled',
  // Replicate's deadline (our Cancel-After) came before the prediction even started: it took too long.
  aborted: 'timeout',
};

/** A poll's attempt that gets no answer in this time is given up and sent again. */
const READ_ATTEMPT_MS = 30_000;
/** An output's download, its retries included. */
const DOWNLOAD_MS = 120_000;
/** Deleting an input file, its retries included: the finished job waits for it. */
const FILE_DELETE_MS = 15_000;

/** Data URIs are for small inputs only, Replicate advises; anything larger goes through the Files API. */
export const INLINE_INPUT_MAX_BYTES = 1024 * 1024;

/** One prediction to run: the model, its input, and what the job knows and must be told. */
export interface PredictionRequest {
  /** "owner/name", or "owner/name:version" for a pinned version. */
  model: string;
  input: Record<string, unknown>;
  /** Give up (and cancel) after this long; Replicate is told the same as the prediction's Cancel-After. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Told the new prediction's id at once, so a cancel or a restart can find it. */
  onStarted?: ((predictionId: string) => void | Promise<void>) | undefined;
  /** A prediction an earlier attempt of the same job started for this step: read, never created again. */
  resume?: string | undefined;
}

/**
 * Where finished predictions arrive by signed webhook (ReplicateWebhooks), as a prediction's wait
 * reads them. Named here so that this module imports nothing of the webhooks, which import it.
 */
export interface WebhookOutcomes {
  /** Where Replicate posts its webhooks. */
  readonly url: string;
  /** The finished prediction once its webhook comes; `release` when no longer waiting. */
  outcome(predictionId: string): { finished: Promise<Prediction>; release(): void };
}

export interface PredictionsOptions {
  client: ReplicateClient;
  /** Outcomes come by signed webhook when set; the poll then only catches a webhook that never came. */
  webhooks?: WebhookOutcomes | undefined;
  pollIntervalMs: number;
}

/** A file handed to the Files API for one generation, deleted once the generation is over. */
export interface HostedInput {
  /** What goes in the model's input: a data URI, or the file's URL. */
  value: string;
  release(): Promise<void>;
}

/**
 * Runs predictions to their end through the official client: created with a webhook when the
 * server has one (else polled), waited for until they end, time out or the job is canceled —
 * a prediction we stop waiting for is canceled, as it would otherwise run and be billed.
 */
export class Predictions {
  constructor(private readonly options: PredictionsOptions) {}

  async run(request: PredictionRequest): Promise<Prediction> {
    const context = { model: request.model, predictionId: request.resume };
    try {
      request.signal?.throwIfAborted();
      const deadline = Date.now() + request.timeoutMs;
      const prediction = request.resume
        ? await this.read(request.resume, request, deadline)
        : await this.create(request, deadline);
      context.predictionId = prediction.id;
      const finished = await this.finish(prediction, request, deadline);
      if (finished.status === 'succeeded') return finished;
      throw new CloudFailure(ENDING_REASONS[finished.status] ?? predictionFailureReason(finished.error), {
        ...context,
        detail: errorWords(finished.error) || finished.status,
      });
    } catch (error) {
      throw cloudFailure(error, context, request.signal?.aborted ?? false);
    }
  }

  /** Cancels a prediction, ours or another process's (canceling a finished one changes nothing). */
  async cancel(predictionId: string): Promise<void> {
    await this.options.client.predictions.cancel(predictionId, { signal: AbortSignal.timeout(10_000) });
  }

  /** The bytes as a model input: inline under 1 MB, else uploaded to the Files API until `release`. */
  async host(bytes: Buffer, contentType: string, model: string): Promise<HostedInput> {
    if (bytes.length <= INLINE_INPUT_MAX_BYTES)
      return { value: `data:${contentType};base64,${bytes.toString('base64')}`, release: async () => {} };
    try {
      const file = await this.options.client.files.create(
        new File([new Uint8Array(bytes)], 'input', { type: contentType }),
        {},
        { signal: AbortSignal.timeout(60_000) },
      );
      return {
        value: file.urls.get,
        release: () =>
          this.options.client.files.delete(file.id, { signal: AbortSignal.timeout(FILE_DELETE_MS) }).then(
            () => undefined,
            () => undefined,
          ),
      };
    } catch (error) {
      throw cloudFailure(error, { model }, false);
    }
  }

  /** Downloads an output file at once (Replicate deletes outputs after an hour), again after a gateway's 5xx or a reset. */
  async download(url: string, maxBytes: number, model: string): Promise<Buffer> {
    try {
      return await this.options.client.download(url, { deadline: Date.now() + DOWNLOAD_MS }, async (response) => {
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > maxBytes)
          throw new CloudFailure('bad_output', { model, detail: `output of ${declared} bytes announced` });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (bytes.length === 0 || bytes.length > maxBytes)
          throw new CloudFailure('bad_output', { model, detail: `output of ${bytes.length} bytes` });
        return bytes;
      });
    } catch (error) {
      // An output gone (or refused) is a bad output, not an outage.
      if (error instanceof ReplicateHttpError && error.status < 500)
        throw new CloudFailure(
          'bad_output',
          { model, upstreamStatus: error.status, detail: `output download: HTTP ${error.status}` },
          { cause: error },
        );
      throw cloudFailure(error, { model }, false);
    }
  }

  /** The prediction as it is now: a gateway's 5xx or a reset is retried until the step's deadline. */
  private async read(predictionId: string, request: PredictionRequest, deadline: number): Promise<Prediction> {
    const response = await this.options.client.request(`/predictions/${predictionId}`, {
      method: 'GET',
      signal: request.signal,
      deadline,
      attemptTimeoutMs: READ_ATTEMPT_MS,
    });
    return (await response.json()) as Prediction;
  }

  private async create(request: PredictionRequest, deadline: number): Promise<Prediction> {
    const [model, version] = request.model.split(':');
    const webhooks = this.options.webhooks;
    // The job's signal is not given to the create call: a prediction created while the answer
    // was cut off would run (and be billed) with no id to cancel it by.
    const response = await this.options.client.request(version ? '/predictions' : `/models/${model}/predictions`, {
      method: 'POST',
      // Replicate cancels it by itself past our own limit, should this process die meanwhile.
      headers: { 'cancel-after': `${Math.max(5, Math.ceil(request.timeoutMs / 1000))}s` },
      data: {
        ...(version ? { version } : {}),
        input: request.input,
        ...(webhooks ? { webhook: webhooks.url, webhook_events_filter: ['completed'] } : {}),
      },
      deadline,
    });
    const created = (await response.json()) as Prediction;
    await request.onStarted?.(created.id);
    return created;
  }

  /**
   * Waits for the prediction's end; cancels it if the wait stops first at the time limit or for
   * the job's cancel, unless the job is handed over to another process, which will read it. A read
   * that failed says nothing of the prediction, which may well succeed: it is not canceled for
   * that alone, and Replicate ends it by itself at its Cancel-After.
   */
  private async finish(prediction: Prediction, request: PredictionRequest, deadline: number): Promise<Prediction> {
    try {
      return await this.settle(prediction, request, deadline);
    } catch (error) {
      const outOfTime = Date.now() >= deadline;
      const canceled = request.signal?.aborted === true && !(request.signal.reason instanceof WorkHandedOver);
      if (outOfTime || canceled) await this.cancel(prediction.id).catch(() => undefined);
      throw error;
    }
  }

  private async settle(created: Prediction, request: PredictionRequest, deadline: number): Promise<Prediction> {
    const { signal } = request;
    const webhook = this.options.webhooks?.outcome(created.id);
    try {
      let prediction = created;
      while (!FINISHED_STATUSES.has(prediction.status)) {
        signal?.throwIfAborted();
        const left = deadline - Date.now();
        if (left <= 0)
          throw new CloudFailure('timeout', {
            model: request.model,
            predictionId: prediction.id,
            detail: `still ${prediction.status} after ${request.timeoutMs} ms`,
          });
        const delivered = await this.pause(Math.min(this.options.pollIntervalMs, left), webhook?.finished, signal);
        if (delivered) return delivered;
        prediction = await this.read(prediction.id, request, deadline);
      }
      return prediction;
    } finally {
      webhook?.release();
    }
  }

  /** Waits `ms` for the next poll, or less: until the webhook's outcome comes, or the job is canceled (rejects). */
  private async pause(
    ms: number,
    webhook: Promise<Prediction> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Prediction | undefined> {
    const done = new AbortController();
    const timer = delay(ms, undefined, { signal: signal ? AbortSignal.any([signal, done.signal]) : done.signal });
    try {
      return await (webhook ? Promise.race([webhook, timer]) : timer);
    } finally {
      done.abort(); // the timer of a wait the webhook ended (its rejection is Promise.race's, handled)
    }
  }
}
