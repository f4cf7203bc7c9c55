import { DECODE_OPTIONS, inspectImage, type ImageHeader } from '../../decode';
import { MEDIA_MESSAGES, MediaError } from '../../errors';
import { JPEG_OUTPUT } from '../../limits';
import { sharp } from '../../sharp';
import { checkNamedSize, outputFrame } from '../local/geometry';
import { choicesFor } from '../local/image-engine';
import { combineLooks } from '../local/look';
import { lookForChoice, type Choice } from '../local/recipes';
import { renderLook } from '../local/render';
import { videoFrame } from '../local/video-engine';
import {
  REFERENCE_SLOTS,
  type GeneratedVideo,
  type ImageEngine,
  type ImageTransformRequest,
  type OnStarted,
  type PriceQuote,
  type TransformedImage,
  type VideoEngine,
  type VideoRequest,
} from '../types';
import { ReplicateClient, type ReplicateClientOptions } from './client';
import { CloudFailure } from './failures';
import {
  chooseModels,
  editorFor,
  modelName,
  outputUrl,
  priceUsd,
  type ModelChoice,
  type ModelEntry,
  type PriceRequest,
  type Size,
  type StepRole,
} from './models';
import { asksNothing, chainPriceUsd, planGeneration, sentStep, withinLongEdge, type HostedReference } from './planner';
import { Predictions, type HostedInput } from './predictions';
import { STEP_LABELS } from './routes';
import type { ReplicateWebhooks } from './webhooks';

export interface ReplicateOptions extends ReplicateClientOptions {
  /** The model of each role (REPLICATE_*_MODEL); the registry's defaults otherwise. */
  models?: Partial<Record<StepRole, string | undefined>> | undefined;
  /** How often to ask whether a prediction is done, when no webhook will tell. */
  pollIntervalMs?: number | undefined;
  /** One step's limit: past it the prediction is canceled (and Replicate cancels it by itself). */
  stepTimeoutMs?: number | undefined;
  videoTimeoutMs?: number | undefined;
  /** Predictions report by signed webhook; polling (every `webhookPollIntervalMs`) only catches one that never came. */
  webhooks?: ReplicateWebhooks | undefined;
  webhookPollIntervalMs?: number | undefined;
}

/** What the image and video engines share: one client (one create budget per process), the models, the limits. */
export interface ReplicateCloud {
  predictions: Predictions;
  models: ModelChoice;
  stepTimeoutMs: number;
  videoTimeoutMs: number;
}

/** A webhook that reaches no instance is caught by this slow poll. */
const WEBHOOK_POLL_INTERVAL_MS = 30_000;

export function replicateCloud(options: ReplicateOptions): ReplicateCloud {
  return {
    predictions: new Predictions({
      client: new ReplicateClient(options),
      webhooks: options.webhooks,
      pollIntervalMs: options.webhooks
        ? (options.webhookPollIntervalMs ?? WEBHOOK_POLL_INTERVAL_MS)
        : (options.pollIntervalMs ?? 1_000),
    }),
    models: chooseModels(options.models),
    stepTimeoutMs: options.stepTimeoutMs ?? 180_000,
    videoTimeoutMs: options.videoTimeoutMs ?? 600_000,
  };
}

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
/** References are looked at, not reproduced: this is plenty. */
const REFERENCE_LONG_EDGE = 1024;

/** The picture as a JPEG of exactly `size`: the size the model is told is the size it gets. */
async function jpeg(image: Buffer, size: Size): Promise<Buffer> {
  return sharp(image, DECODE_OPTIONS)
    .autoOrient()
    .resize(size.width, size.height, { fit: 'fill' })
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
}

const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

/** The job's `onStarted`, told each prediction with its list price as asked. */
const costing = (onStarted: OnStarted | undefined, model: ModelEntry, request: PriceRequest) =>
  onStarted &&
  ((predictionId: string) =>
    onStarted(predictionId, { model: modelName(model.id), priceUsd: priceUsd(model, request) }));

/** A picture between steps: its bytes and size, and its URL on Replicate once it is an output there. */
interface Picture {
  bytes: Buffer;
  size: Size;
  url: string | null;
}

async function readOutput(bytes: Buffer, model: string): Promise<ImageHeader> {
  try {
    return await inspectImage(bytes);
  } catch (cause) {
    throw new CloudFailure('bad_output', { model, detail: 'the output is not a picture' }, { cause });
  }
}

/**
 * The cloud image engine: a plan per generation (edit → viewpoint → outpaint → upscale, each to
 * the model that does it best), each step's output URL feeding the next, every prediction id told
 * to the job, a job retried after a crash reading its predictions before creating any; then the
 * exact frame and the lens effects, made here.
 */
export class ReplicateImageEngine implements ImageEngine {
  readonly name = 'replicate';

  constructor(
    private readonly cloud: ReplicateCloud,
    /** The local engine, for lens and shutter effects on the chain's picture. */
    private readonly optics?: ImageEngine,
  ) {}

  async transform(request: ImageTransformRequest): Promise<TransformedImage> {
    const header = await inspectImage(request.image);
    const choices = choicesFor(request.selection, request.prompt);
    // A size its name promises and the output bound forbids is refused before any prediction is paid for.
    checkNamedSize(header, choices);
    // Without an option or words of its own, a request would buy an edit told nothing: refused first.
    if (asksNothing(choices, request.prompt)) throw new MediaError('VALIDATION', MEDIA_MESSAGES.nothingChosen);
    const hosted: HostedInput[] = [];
    const host = async (bytes: Buffer, model: ModelEntry) => {
      const input = await this.cloud.predictions.host(bytes, 'image/jpeg', model.id);
      hosted.push(input);
      return input.value;
    };
    try {
      const references = await this.hostReferences(request, host);
      const plan = planGeneration(
        {
          choices,
          colors: request.colors,
          intensity: request.intensity,
          text: request.prompt,
          seed: request.seed,
          references,
          size: header,
        },
        this.cloud.models,
      );
      const resume = [...(request.resume ?? [])];
      const models: string[] = [];
      let picture: Picture = { bytes: request.image, size: header, url: null };
      // The frame's size is reckoned from the picture before any upscale: the upscaler made the enlargement.
      let framedFrom: Size = header;
      for (const [index, step] of plan.steps.entries()) {
        // An earlier output goes by its URL, as it is; the source is sent within the model's long edge.
        const asked = sentStep(step, plan, picture.size, picture.url !== null);
        if (!asked) continue;
        if (step.role !== 'upscale') framedFrom = picture.size;
        request.onProgress?.(
          index / (plan.steps.length + 1),
          `${STEP_LABELS[step.role]}… ${index + 1}/${plan.steps.length}`,
        );
        const image =
          picture.url && sameSize(asked.size, picture.size)
            ? picture.url
            : await host(await jpeg(picture.bytes, asked.size), step.model);
        const prediction = await this.cloud.predictions.run({
          model: step.model.id,
          input: step.model.input({ ...asked, image }),
          timeoutMs: this.cloud.stepTimeoutMs,
          signal: request.signal,
          onStarted: costing(request.onStarted, step.model, asked),
          resume: resume.shift(),
        });
        const url = outputUrl(prediction.output);
        if (!url)
          throw new CloudFailure('bad_output', {
            model: step.model.id,
            predictionId: prediction.id,
            detail: `unexpected output: ${JSON.stringify(prediction.output)?.slice(0, 200)}`,
          });
        const bytes = await this.cloud.predictions.download(url, MAX_IMAGE_BYTES, step.model.id);
        picture = { bytes, size: await readOutput(bytes, step.model.id), url };
        if (step.role !== 'upscale') framedFrom = picture.size;
        models.push(modelName(step.model.id));
      }
      request.onProgress?.(plan.steps.length / (plan.steps.length + 1));
      const framed = await finishFrame(picture, outputFrame(framedFrom, plan.framing), plan.framing);
      const finished =
        plan.optics.length > 0 && this.optics
          ? await this.withOptics(framed.image, plan.optics, request.signal)
          : framed;
      return { ...finished, models };
    } finally {
      await Promise.all(hosted.map((input) => input.release()));
    }
  }

  cancel(predictionId: string): Promise<void> {
    return this.cloud.predictions.cancel(predictionId);
  }

  /**
   * What the chain of a request (without references) on a source of `size` comes to at the
   * models' list prices, each step priced as it will be sent: known before anything is paid for.
   */
  listPriceUsd({ size, prompt, selection }: PriceQuote): number {
    const choices = choicesFor(selection, prompt);
    if (asksNothing(choices, prompt)) return 0;
    return chainPriceUsd(planGeneration({ choices, text: prompt, references: [], size }, this.cloud.models), size);
  }

  private async hostReferences(
    request: ImageTransformRequest,
    host: (bytes: Buffer, model: ModelEntry) => Promise<string>,
  ): Promise<HostedReference[]> {
    const wanted = REFERENCE_SLOTS.flatMap((slot) => {
      const reference = request.references?.[slot];
      return reference ? [{ slot, reference }] : [];
    });
    return Promise.all(
      wanted.map(async ({ slot, reference }) => {
        const size = withinLongEdge(await inspectImage(reference.image), REFERENCE_LONG_EDGE);
        // An editor reads them all (Kontext hands them to one that does), the background generator the setting's.
        const value = await host(await jpeg(reference.image, size), editorFor(this.cloud.models, true));
        return { slot, importance: reference.importance, value };
      }),
    );
  }

  /** The lens and shutter effects, by the local pipeline, keeping the frame. */
  private async withOptics(
    image: Buffer,
    optics: readonly Choice[],
    signal: AbortSignal | undefined,
  ): Promise<TransformedImage> {
    const selection = Object.fromEntries(
      optics.map(({ category, option }) => [category, { id: option.id, name: option.name }]),
    );
    return this.optics!.transform({ image, prompt: '', selection, ...(signal ? { signal } : {}) });
  }
}

/**
 * The chain's picture brought to the exact frame the options ask for (the format's shape and pixel
 * size, the upscale's size), as the local engine frames them: the models' outputs come near, not exact.
 */
async function finishFrame(picture: Picture, target: Size, framing: readonly Choice[]): Promise<TransformedImage> {
  const header = await inspectImage(picture.bytes);
  // The upscaler did the enlargement and its sharpening: only the format's frame is made here.
  const frameOnly = framing.filter(({ category }) => category === 'format');
  return renderLook(picture.bytes, header, target, combineLooks(frameOnly.map((choice) => lookForChoice(choice, {}))));
}

/** Hailuo refuses a first frame at its limits themselves (a 5:2 banner): a crop stays this share inside them. */
const ASPECT_MARGIN = 1.01;

/** The first frame brought within a video model's limits: its shape (cropped to the nearest allowed), its long edge, its short side. */
async function firstFrame(image: Buffer, model: ModelEntry): Promise<Buffer> {
  const { width, height } = await inspectImage(image);
  const { aspectRange = [0, Number.POSITIVE_INFINITY], inputLongEdge, minShortSide = 0 } = model.limits;
  const aspect = Math.min(aspectRange[1] / ASPECT_MARGIN, Math.max(aspectRange[0] * ASPECT_MARGIN, width / height));
  const crop = aspect > width / height ? { width, height: width / aspect } : { width: height * aspect, height };
  let scale = Math.min(1, inputLongEdge / Math.max(crop.width, crop.height));
  if (Math.min(crop.width, crop.height) * scale <= minShortSide)
    scale = (minShortSide + 1) / Math.min(crop.width, crop.height);
  return sharp(image, DECODE_OPTIONS)
    .autoOrient()
    .resize(Math.ceil(crop.width * scale), Math.ceil(crop.height * scale), { fit: 'cover' })
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
}

/** A prompt within the model's length, cut at a word. */
function withinLength(prompt: string, max: number | undefined): string {
  if (max === undefined || prompt.length <= max) return prompt;
  const cut = prompt.slice(0, max);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd();
}

/** Image-to-video: the picture is the first frame, and the poster. */
export class ReplicateVideoEngine implements VideoEngine {
  readonly name = 'replicate';

  constructor(private readonly cloud: ReplicateCloud) {}

  async generate(request: VideoRequest): Promise<GeneratedVideo> {
    const model = this.cloud.models.video;
    const frame = videoFrame(await inspectImage(request.image));
    const poster = await sharp(request.image, DECODE_OPTIONS)
      .autoOrient()
      .resize(frame.width, frame.height, { fit: 'cover' })
      .jpeg(JPEG_OUTPUT)
      .toBuffer();
    const first = await firstFrame(request.image, model);
    const size = await inspectImage(first);
    const input = await this.cloud.predictions.host(first, 'image/jpeg', model.id);
    try {
      request.onProgress?.(0, `${STEP_LABELS.video}… 1/1`);
      const prediction = await this.cloud.predictions.run({
        model: model.id,
        input: model.input({
          image: input.value,
          size,
          prompt: withinLength(request.prompt, model.limits.promptMax),
          seed: request.seed,
        }),
        timeoutMs: this.cloud.videoTimeoutMs,
        signal: request.signal,
        onStarted: costing(request.onStarted, model, { size }),
        resume: request.resume?.[0],
      });
      const url = outputUrl(prediction.output);
      if (!url)
        throw new CloudFailure('bad_output', {
          model: model.id,
          predictionId: prediction.id,
          detail: `unexpected output: ${JSON.stringify(prediction.output)?.slice(0, 200)}`,
        });
      const video = await this.cloud.predictions.download(url, MAX_VIDEO_BYTES, model.id);
      if (!isMp4(video))
        throw new CloudFailure('bad_output', {
          model: model.id,
          predictionId: prediction.id,
          detail: 'the output is not an MP4 file',
        });
      return { video, poster, models: [modelName(model.id)] };
    } finally {
      await input.release();
    }
  }

  /** The clip's list price: the video models bill per clip or per second, whatever the picture. */
  listPriceUsd({ size }: Pick<PriceQuote, 'size'>): number {
    return priceUsd(this.cloud.models.video, { size });
  }

  cancel(predictionId: string): Promise<void> {
    return this.cloud.predictions.cancel(predictionId);
  }
}

/** MP4 (ISO base media) files open with a "ftyp" box. */
export function isMp4(bytes: Buffer): boolean {
  return bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';
}
