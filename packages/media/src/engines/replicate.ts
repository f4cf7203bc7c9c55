import { buildStyleText, getOption } from '@atelier/catalog';
import { setTimeout as delay } from 'node:timers/promises';
import Replicate, { type Prediction } from 'replicate';
import { DECODE_OPTIONS, inspectImage, type ImageHeader } from '../decode';
import { MEDIA_MESSAGES, MediaError } from '../errors';
import { JPEG_OUTPUT } from '../limits';
import { sharp } from '../sharp';
import { outputFrame } from './local/geometry';
import { choicesFor } from './local/image-engine';
import { combineLooks } from './local/look';
import { lookForChoice, type Choice } from './local/recipes';
import { renderLook } from './local/render';
import { videoFrame } from './local/video-engine';
import type { ReplicateWebhooks } from './replicate-webhooks';
import type { GeneratedVideo, ImageEngine, ImageTransformRequest, TransformedImage, VideoEngine, VideoRequest } from './types';

export const DEFAULT_IMAGE_MODEL = 'black-forest-labs/flux-kontext-pro';
export const DEFAULT_VIDEO_MODEL = 'minimax/hailuo-02';

export interface ReplicateOptions {
  token: string;
  /** "owner/name" (the model's latest version) or "owner/name:version". */
  model: string;
  /** Defaults to https://api.replicate.com/v1; tests point it at a local fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** How often to ask whether the prediction is done, when no webhook will tell. */
  pollIntervalMs?: number;
  /** Give up (and cancel the prediction) after this long. */
  timeoutMs?: number;
  /**
   * Predictions are created with a webhook to this server, and their outcome comes from it;
   * polling (every `webhookPollIntervalMs`) only catches a webhook that never reaches this process.
   */
  webhooks?: ReplicateWebhooks;
  webhookPollIntervalMs?: number;
}

interface FailureMessages {
  unavailable: string;
  failed: string;
  timeout: string;
  canceled: string;
}

/** What a run is told besides the model's input: the job's cancel, and where the prediction id goes. */
interface RunControl {
  signal?: AbortSignal | undefined;
  onStarted?: ((predictionId: string) => void | Promise<void>) | undefined;
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

/** A webhook that reaches another instance (or none) is caught by this slow poll. */
const WEBHOOK_POLL_INTERVAL_MS = 30_000;

/** The image as a data URI (outputs of a few MB fit in the JSON body; no upload step needed). */
async function dataUri(image: Buffer, longEdge: number): Promise<string> {
  const jpeg = await sharp(image, DECODE_OPTIONS)
    .autoOrient()
    .resize({ width: longEdge, height: longEdge, fit: 'inside', withoutEnlargement: true })
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * One model on Replicate through the official client: create a prediction, wait for its outcome
 * (its webhook, or polling) until it ends, the time limit passes or the job is canceled, then
 * download its output at once (output URLs expire). Every failure becomes an UPSTREAM MediaError
 * with a French message, so the caller charges nothing.
 */
class ReplicateModel {
  private readonly client: Replicate;
  private readonly fetch: typeof fetch;
  private readonly model: string;
  private readonly webhooks: ReplicateWebhooks | undefined;
  private readonly pollIntervalMs: number;
  private readonly timeoutMs: number;

  constructor(
    options: ReplicateOptions,
    defaults: { pollIntervalMs: number; timeoutMs: number },
    private readonly messages: FailureMessages,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.client = new Replicate({ auth: options.token, fetch: this.fetch, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
    this.model = options.model;
    this.webhooks = options.webhooks;
    this.pollIntervalMs = options.webhooks ? (options.webhookPollIntervalMs ?? WEBHOOK_POLL_INTERVAL_MS) : (options.pollIntervalMs ?? defaults.pollIntervalMs);
    this.timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
  }

  /** Runs the model and returns its output file's bytes. */
  async run(input: Record<string, unknown>, maxBytes: number, control: RunControl = {}): Promise<Buffer> {
    if (control.signal?.aborted) throw new MediaError('UPSTREAM', this.messages.canceled);
    const deadline = Date.now() + this.timeoutMs;
    // The job's signal is not given to the create call: a prediction created while the answer
    // was cut off would run (and be billed) with no id to cancel it by.
    const created = await this.call(() => this.create(input, deadline));
    let prediction: Prediction;
    try {
      await control.onStarted?.(created.id);
      prediction = await this.settle(created, deadline, control.signal);
    } catch (error) {
      // Whatever stopped us waiting (a cancel, the time limit, the network), a prediction left running is still billed.
      await this.client.predictions.cancel(created.id, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
      throw error;
    }
    if (prediction.status !== 'succeeded') {
      throw new MediaError('UPSTREAM', this.messages.failed, { cause: new Error(`Prediction ${prediction.status}: ${String(prediction.error ?? '')}`) });
    }
    return this.download(this.outputUrl(prediction.output), maxBytes, deadline);
  }

  /** Cancels a prediction this or another process started (a job canceled elsewhere). */
  async cancel(predictionId: string): Promise<void> {
    await this.call(() => this.client.predictions.cancel(predictionId, { signal: AbortSignal.timeout(10_000) }));
  }

  private create(input: Record<string, unknown>, deadline: number): Promise<Prediction> {
    const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
    const webhook = this.webhooks ? { webhook: this.webhooks.url, webhook_events_filter: ['start' as const, 'completed' as const] } : {};
    const [model, version] = this.model.split(':');
    return version
      ? this.client.predictions.create({ version, input, signal, ...webhook })
      : this.client.predictions.create({ model: model ?? this.model, input, signal, ...webhook });
  }

  /** The prediction once finished: from its webhook when one is coming, else (or meanwhile, slowly) by polling. */
  private async settle(created: Prediction, deadline: number, signal: AbortSignal | undefined): Promise<Prediction> {
    const webhook = this.webhooks?.outcome(created.id);
    try {
      let prediction = created;
      while (!TERMINAL.has(prediction.status)) {
        signal?.throwIfAborted();
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new MediaError('UPSTREAM', this.messages.timeout, { cause: new Error(`Prediction ${prediction.id} still ${prediction.status} after ${this.timeoutMs} ms`) });
        }
        const delivered = await this.pause(Math.min(this.pollIntervalMs, left), webhook?.finished, signal);
        if (delivered) return delivered;
        if (Date.now() < deadline) {
          const id = prediction.id;
          prediction = await this.call(() => this.client.predictions.get(id, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) }));
        }
      }
      return prediction;
    } catch (error) {
      if (signal?.aborted) throw new MediaError('UPSTREAM', this.messages.canceled, { cause: error });
      throw error;
    } finally {
      webhook?.release();
    }
  }

  /** Waits `ms` for the next poll, or less: until the webhook's outcome comes, or the job is canceled (rejects). */
  private async pause(ms: number, webhook: Promise<Prediction> | undefined, signal: AbortSignal | undefined): Promise<Prediction | undefined> {
    const done = new AbortController();
    const timer = delay(ms, undefined, { signal: signal ? AbortSignal.any([signal, done.signal]) : done.signal });
    try {
      return await (webhook ? Promise.race([webhook, timer]) : timer);
    } finally {
      done.abort(); // the timer of a wait the webhook ended (its rejection is Promise.race's, handled)
    }
  }

  private async download(url: string, maxBytes: number, deadline: number): Promise<Buffer> {
    const response = await this.call(() => this.fetch(url, { signal: AbortSignal.timeout(Math.max(30_000, deadline - Date.now())) }));
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || declared > maxBytes) {
      throw new MediaError('UPSTREAM', this.messages.unavailable, { cause: new Error(`Output download: HTTP ${response.status}, ${declared} bytes`) });
    }
    const bytes = Buffer.from(await this.call(() => response.arrayBuffer()));
    if (bytes.length === 0 || bytes.length > maxBytes) {
      throw new MediaError('UPSTREAM', this.messages.failed, { cause: new Error(`Output of ${bytes.length} bytes`) });
    }
    return bytes;
  }

  /** The output file's URL: models return one URL, or a list of them. */
  private outputUrl(output: unknown): string {
    const candidate = Array.isArray(output) ? output.find((item) => typeof item === 'string') : output;
    if (typeof candidate === 'string' && /^https?:\/\//.test(candidate)) return candidate;
    throw new MediaError('UPSTREAM', this.messages.failed, { cause: new Error(`Unexpected output: ${JSON.stringify(output)?.slice(0, 200)}`) });
  }

  /** Network errors, HTTP errors (the client's ApiError) and time-outs all mean the service let us down. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (cause) {
      if (cause instanceof MediaError) throw cause;
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      throw new MediaError('UPSTREAM', timedOut ? this.messages.timeout : this.messages.unavailable, { cause });
    }
  }
}

const IMAGE_MESSAGES: FailureMessages = {
  unavailable: MEDIA_MESSAGES.generationUnavailable,
  failed: MEDIA_MESSAGES.generationFailed,
  timeout: MEDIA_MESSAGES.generationTimeout,
  canceled: MEDIA_MESSAGES.generationCanceled,
};

/** The shapes flux-kontext-pro accepts besides "match_input_image". */
const MODEL_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21', '2:1', '1:2'] as const;

function ratioValue(ratio: string): number {
  const [width = 1, height = 1] = ratio.split(':').map(Number);
  return width / height;
}

/** The model's aspect ratio closest to the chosen format's (the exact shape is cropped afterwards). */
function modelAspectRatio(choices: readonly Choice[]): string {
  const formatId = choices.find(({ category }) => category === 'format')?.option.id;
  const format = formatId === undefined ? undefined : getOption('format', formatId);
  if (!format) return 'match_input_image';
  const wanted = Math.log(format.aspect.width / format.aspect.height);
  return MODEL_RATIOS.reduce((best, ratio) => (Math.abs(Math.log(ratioValue(ratio)) - wanted) < Math.abs(Math.log(ratioValue(best)) - wanted) ? ratio : best));
}

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

/** Image editing by an instruction model (default flux-kontext-pro). */
export class ReplicateImageEngine implements ImageEngine {
  readonly name = 'replicate';
  private readonly model: ReplicateModel;

  constructor(options: ReplicateOptions) {
    this.model = new ReplicateModel(options, { pollIntervalMs: 1_000, timeoutMs: 180_000 }, IMAGE_MESSAGES);
  }

  async transform(request: ImageTransformRequest): Promise<TransformedImage> {
    await inspectImage(request.image);
    const choices = choicesFor(request.selection, request.prompt);
    const output = await this.model.run(
      {
        prompt: request.prompt.trim() || buildStyleText(request.selection, request.colors),
        input_image: await dataUri(request.image, 2048),
        aspect_ratio: modelAspectRatio(choices),
        output_format: 'jpg',
        ...(request.seed === undefined ? {} : { seed: request.seed }),
      },
      MAX_IMAGE_BYTES,
      request,
    );
    return finishOutput(output, choices);
  }

  cancel(predictionId: string): Promise<void> {
    return this.model.cancel(predictionId);
  }
}

/**
 * The model's picture brought to the exact frame the options ask for: the format's shape and pixel
 * size, the upscale's enlargement and sharpening, as the local engine does them.
 */
async function finishOutput(output: Buffer, choices: readonly Choice[]): Promise<TransformedImage> {
  let header: ImageHeader;
  try {
    header = await inspectImage(output);
  } catch (cause) {
    throw new MediaError('UPSTREAM', MEDIA_MESSAGES.generationFailed, { cause });
  }
  const framing = choices.filter(({ category }) => category === 'format' || category === 'upscale');
  const target = outputFrame(header, framing);
  const upscale = combineLooks(framing.map((choice) => lookForChoice(choice, {}, 1000)));
  return renderLook(output, header, target, upscale);
}

/** Image-to-video (default hailuo-02): the picture is the first frame, and the poster. */
export class ReplicateVideoEngine implements VideoEngine {
  readonly name = 'replicate';
  private readonly model: ReplicateModel;

  constructor(options: ReplicateOptions) {
    const failure = MEDIA_MESSAGES.videoFailed;
    this.model = new ReplicateModel(options, { pollIntervalMs: 3_000, timeoutMs: 600_000 }, { unavailable: failure, failed: failure, timeout: failure, canceled: failure });
  }

  async generate(request: VideoRequest): Promise<GeneratedVideo> {
    const frame = videoFrame(await inspectImage(request.image));
    const poster = await sharp(request.image, DECODE_OPTIONS).autoOrient().resize(frame.width, frame.height, { fit: 'cover' }).jpeg(JPEG_OUTPUT).toBuffer();
    // hailuo-02 takes no seed.
    const video = await this.model.run(
      { prompt: request.prompt, first_frame_image: await dataUri(request.image, 1366), duration: request.duration, resolution: '768P' },
      MAX_VIDEO_BYTES,
      request,
    );
    if (!isMp4(video)) throw new MediaError('UPSTREAM', MEDIA_MESSAGES.videoFailed, { cause: new Error('Output is not an MP4 file') });
    return { video, poster };
  }

  cancel(predictionId: string): Promise<void> {
    return this.model.cancel(predictionId);
  }
}

/** MP4 (ISO base media) files open with a "ftyp" box. */
export function isMp4(bytes: Buffer): boolean {
  return bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';
}
