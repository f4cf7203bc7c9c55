/**
 * The models the cloud engine calls, one entry each: the input it builds from a step's request
 * (conforming to the model's published input schema: names, types, enums, ranges), how its output
 * is read, its limits and its price. The schemas are recorded as test fixtures
 * (test/fixtures/replicate-models/), which the fake Replicate validates every request against.
 */

export type StepRole = 'edit' | 'background' | 'viewpoint' | 'outpaint' | 'upscale' | 'video';

export interface Size {
  width: number;
  height: number;
}

/**
 * A camera move around the subject, in whole numbers as qwen's multi-angle model takes them. The
 * model turns them into a few directives: the rotation in degrees, "move forward" from 1 to 5 and
 * "close-up" above 5, a bird's-eye view at tilt -1 and a worm's-eye view at 1, a wide-angle lens.
 */
export interface CameraMove {
  /** -90 to 90: positive orbits to the left. */
  rotateDegrees: number;
  tilt: -1 | 0 | 1;
  /** 0 to 10: towards a close-up. */
  forward: number;
  wideAngle?: boolean;
}

/** Topaz's enhancement models, chosen per upscale option. */
export type EnhanceModel = 'Standard V2' | 'Low Resolution V2' | 'CGI' | 'High Fidelity V2' | 'Text Refine';

/** What a step asks of its model, whatever the model. */
export interface StepRequest {
  /** The picture: a URL (an earlier step's output, a hosted file) or a data URI under 1 MB. */
  image: string;
  /** The picture's size as sent, not the original's: inputs are capped at the model's long edge. */
  size: Size;
  prompt: string;
  seed?: number | undefined;
  /** The output shape wanted (edit, outpaint); the model's nearest is used where it has a list. */
  aspect?: Size | undefined;
  /** Further pictures the model may look at (the workflow's references). */
  references?: readonly string[] | undefined;
  /** Upscale: the enlargement, one the model makes; faces restored or not, and Topaz's model for the subject. */
  scale?: number | undefined;
  faces?: boolean | undefined;
  enhance?: EnhanceModel | undefined;
  camera?: CameraMove | undefined;
  /** A later step enlarges the output: a megapixel is enough, and cheaper where output size is billed. */
  upscaledAfter?: boolean | undefined;
}

export interface ModelLimits {
  /** The input picture's long edge we send at most. */
  inputLongEdge: number;
  /** Prompt length the model accepts (characters). */
  promptMax?: number;
  /** How many pictures besides the input it takes. */
  maxReferences: number;
  /** Width / height of an input it accepts, as [min, max]. */
  aspectRange?: readonly [number, number];
  /** An input's short side must exceed this (pixels). */
  minShortSide?: number;
  /** The enlargements an upscaler makes, ascending, when it has a list; any factor otherwise. */
  upscaleFactors?: readonly number[];
}

/** What a prediction's price and output size depend on: the step's request, sizes as sent. */
export type PriceRequest = Pick<StepRequest, 'size' | 'aspect' | 'references' | 'scale' | 'upscaledAfter'>;

/** How Replicate bills a model, as its public page states it (US dollars). */
export type ModelPrice =
  /** A fixed price per prediction. */
  | { per: 'run'; usd: number }
  /**
   * Per megapixel (1024 × 1024 px) of every input picture and of the output, each rounded up to
   * a whole megapixel, a reference counted as one at least, an input over `maxMegapixels` as that.
   */
  | { per: 'megapixel'; inputUsd: number; firstOutputUsd: number; extraOutputUsd: number; maxMegapixels: number }
  /** Per started block of the output's megapixels (millions of pixels). */
  | { per: 'output-block'; blockMegapixels: number; usd: number }
  /** Per second of video made. */
  | { per: 'second'; usd: number; seconds: number };

export interface ModelEntry {
  /** "owner/name", or "owner/name:version" for a community model run by version. */
  id: string;
  role: StepRole;
  /** Its list price, as billed. */
  price: ModelPrice;
  /** The public page the price was read from. */
  pricePage: string;
  limits: ModelLimits;
  input(request: StepRequest): Record<string, unknown>;
  /** The size of the picture it answers, for the price of the step after it; the input's when not said. */
  outputSize?(request: PriceRequest): Size;
}

/** The model's name without a pinned version. */
export const modelName = (id: string): string => id.split(':')[0] ?? id;

const ratioOf = (ratio: string): number => {
  const [width = 1, height = 1] = ratio.split(':').map(Number);
  return width / height;
};

/** Of a model's aspect ratios, the one nearest the wanted shape (on a log scale: 2:1 is as far from 1:1 as 1:2). */
export function nearestRatio(ratios: readonly string[], wanted: Size): string {
  const target = Math.log(wanted.width / wanted.height);
  const distance = (ratio: string) => Math.abs(Math.log(ratioOf(ratio)) - target);
  return ratios.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

const seedOf = (request: StepRequest) => (request.seed === undefined ? {} : { seed: request.seed });

/** A megapixel as FLUX.2 bills it. */
const BINARY_MEGAPIXEL = 1024 * 1024;

/** A picture of `pixels` pixels in the shape of `shape`. */
function sizeOf(shape: Size, pixels: number): Size {
  const ratio = shape.width / shape.height;
  const height = Math.sqrt(pixels / ratio);
  return { width: Math.round(height * ratio), height: Math.round(height) };
}

/** The shape a model answers in: the one asked, else the input's. */
const shapeOf = (request: PriceRequest): Size => request.aspect ?? request.size;

/** US dollars for one prediction of `model` as `request` asks it, as Replicate bills it. */
export function priceUsd(model: ModelEntry, request: PriceRequest): number {
  const { price } = model;
  switch (price.per) {
    case 'run':
      return price.usd;
    case 'second':
      return price.usd * price.seconds;
    case 'output-block': {
      const output = outputSizeOf(model, request);
      return Math.ceil((output.width * output.height) / 1e6 / price.blockMegapixels) * price.usd;
    }
    case 'megapixel': {
      const megapixels = ({ width, height }: Size) =>
        Math.min(price.maxMegapixels, Math.max(1, Math.ceil((width * height) / BINARY_MEGAPIXEL)));
      // References are sent within 1024 px, a megapixel at most: each is billed as one.
      const inputs = megapixels(request.size) + (request.references?.length ?? 0);
      const output = megapixels(outputSizeOf(model, request));
      return inputs * price.inputUsd + price.firstOutputUsd + (output - 1) * price.extraOutputUsd;
    }
  }
}

/** The size of the picture `model` answers to `request`. */
export const outputSizeOf = (model: ModelEntry, request: PriceRequest): Size =>
  model.outputSize?.(request) ?? request.size;

const KONTEXT_RATIOS = [
  '1:1',
  '16:9',
  '9:16',
  '4:3',
  '3:4',
  '3:2',
  '2:3',
  '4:5',
  '5:4',
  '21:9',
  '9:21',
  '2:1',
  '1:2',
] as const;

/** FLUX.1 Kontext [pro] and [max]: one picture and an instruction, a picture of about a megapixel back. */
function kontext(id: string, usd: number): ModelEntry {
  return {
    id,
    role: 'edit',
    price: { per: 'run', usd },
    pricePage: `https://replicate.com/${id}`,
    limits: { inputLongEdge: 2048, maxReferences: 0 },
    outputSize: (request) => sizeOf(shapeOf(request), BINARY_MEGAPIXEL),
    input: (request) => ({
      prompt: request.prompt,
      input_image: request.image,
      aspect_ratio: request.aspect ? nearestRatio(KONTEXT_RATIOS, request.aspect) : 'match_input_image',
      output_format: 'jpg',
      // 2 is the most permissive level Replicate allows with an input image.
      safety_tolerance: 2,
      ...seedOf(request),
    }),
  };
}

const FLUX_2_RATIOS = ['1:1', '16:9', '3:2', '2:3', '4:5', '5:4', '9:16', '3:4', '4:3'] as const;
const NANO_BANANA_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;
const VEO_RATIOS = ['16:9', '9:16'] as const;

/** Hailuo's limits: a first frame between 2:5 and 5:2 with a short side over 300 px, a prompt of 2000 characters. */
const HAILUO_LIMITS: ModelLimits = {
  inputLongEdge: 1366,
  promptMax: 2000,
  maxReferences: 0,
  aspectRange: [2 / 5, 5 / 2],
  minShortSide: 300,
};

/** Hailuo at 768p for 6 s, billed per video. */
function hailuo(id: string, usd: number): ModelEntry {
  return {
    id,
    role: 'video',
    price: { per: 'run', usd },
    pricePage: `https://replicate.com/${id}`,
    limits: HAILUO_LIMITS,
    input: (request) => ({ prompt: request.prompt, first_frame_image: request.image, duration: 6, resolution: '768p' }),
  };
}

/** Topaz's factors are words. */
const TOPAZ_FACTORS: readonly [number, string][] = [
  [1, 'None'],
  [2, '2x'],
  [4, '4x'],
  [6, '6x'],
];

/** The planner asks one of the factors above; the nearest at or above it otherwise. */
function topazFactor(scale: number): readonly [number, string] {
  return TOPAZ_FACTORS.find(([factor]) => factor >= scale - 0.01) ?? TOPAZ_FACTORS.at(-1)!;
}

/** Veo 3.1's clip, in seconds: what it is asked and what it bills. */
const VEO_SECONDS = 6;

const MODELS: readonly ModelEntry[] = [
  kontext('black-forest-labs/flux-kontext-pro', 0.04),
  kontext('black-forest-labs/flux-kontext-max', 0.08),
  {
    id: 'black-forest-labs/flux-2-pro',
    role: 'edit',
    // BFL's FLUX.2 [pro] rates: $0.03 the first output megapixel, $0.015 each further one and each
    // input megapixel ("editing from $0.045"); Replicate rounds each picture up to whole
    // megapixels, a reference at least one, an input past 4 MP as 4 (https://lumenfall.ai/models/black-forest-labs/flux.2-pro).
    price: { per: 'megapixel', inputUsd: 0.015, firstOutputUsd: 0.03, extraOutputUsd: 0.015, maxMegapixels: 4 },
    pricePage: 'https://docs.bfl.ai/quick_start/pricing',
    limits: { inputLongEdge: 2048, maxReferences: 7 },
    // A megapixel when a later step enlarges it, else the input's size within 0.5–4 MP.
    outputSize: (request) =>
      sizeOf(
        shapeOf(request),
        request.upscaledAfter
          ? BINARY_MEGAPIXEL
          : Math.min(4, Math.max(0.5, (request.size.width * request.size.height) / BINARY_MEGAPIXEL)) *
              BINARY_MEGAPIXEL,
      ),
    input: (request) => ({
      prompt: request.prompt,
      input_images: [request.image, ...(request.references ?? [])],
      aspect_ratio: request.aspect ? nearestRatio(FLUX_2_RATIOS, request.aspect) : 'match_input_image',
      resolution: request.upscaledAfter ? '1 MP' : 'match_input_image',
      output_format: 'jpg',
      safety_tolerance: 2,
      ...seedOf(request),
    }),
  },
  {
    id: 'google/nano-banana-pro',
    role: 'edit',
    // A 1K or 2K picture; 4K ones bill twice this.
    price: { per: 'run', usd: 0.15 },
    pricePage: 'https://replicate.com/google/nano-banana-pro',
    limits: { inputLongEdge: 2048, maxReferences: 13 },
    outputSize: (request) => sizeOf(shapeOf(request), 2048 * 2048),
    input: (request) => ({
      prompt: request.prompt,
      image_input: [request.image, ...(request.references ?? [])],
      aspect_ratio: request.aspect ? nearestRatio(NANO_BANANA_RATIOS, request.aspect) : 'match_input_image',
      resolution: '2K',
      output_format: 'jpg',
    }),
  },
  {
    id: 'bria/generate-background',
    role: 'background',
    price: { per: 'run', usd: 0.04 },
    pricePage: 'https://replicate.com/bria/generate-background',
    limits: { inputLongEdge: 2048, maxReferences: 1 },
    input: (request) => ({
      image: request.image,
      bg_prompt: request.prompt,
      ...(request.references?.[0] ? { ref_image_file: request.references[0] } : {}),
      // The person's pixels at their own size, not scaled to 1 MP.
      original_quality: true,
      ...seedOf(request),
    }),
  },
  {
    // Pinned: a community model whose directives, read from its numbers, could change under the same name.
    id: 'qwen/qwen-edit-multiangle:cf245ffaa67a6d7d0edeb597d2fded5ab80cbf72b0dceec185d709ea99667f79',
    role: 'viewpoint',
    // Billed by GPU time: about this much a run on its page's figures.
    price: { per: 'run', usd: 0.03 },
    pricePage: 'https://replicate.com/qwen/qwen-edit-multiangle',
    limits: { inputLongEdge: 1536, maxReferences: 0 },
    input: (request) => ({
      image: request.image,
      // Appended to the directive its numbers give: the shot in the option's own words.
      prompt: request.prompt,
      rotate_degrees: request.camera?.rotateDegrees ?? 0,
      vertical_tilt: request.camera?.tilt ?? 0,
      move_forward: request.camera?.forward ?? 0,
      use_wide_angle: request.camera?.wideAngle ?? false,
      ...seedOf(request),
    }),
  },
  {
    id: 'bria/expand-image',
    role: 'outpaint',
    price: { per: 'run', usd: 0.04 },
    pricePage: 'https://replicate.com/bria/expand-image',
    limits: { inputLongEdge: 2048, maxReferences: 0 },
    outputSize: (request) => expansionCanvas(request.size, shapeOf(request)).canvas,
    input: (request) => ({
      image: request.image,
      ...expansion(request.size, request.aspect ?? request.size),
      ...(request.prompt ? { prompt: request.prompt } : {}),
      ...seedOf(request),
    }),
  },
  {
    id: 'topazlabs/image-upscale',
    role: 'upscale',
    // $0.08 per started 24 output megapixels (24 MP $0.08, 48 $0.16, 96 $0.32): its input is sized
    // so that the output is the frame delivered, no pixel paid for to be thrown away.
    price: { per: 'output-block', blockMegapixels: 24, usd: 0.08 },
    pricePage: 'https://docs.comfy.org/tutorials/partner-nodes/pricing',
    limits: { inputLongEdge: 2048, maxReferences: 0, upscaleFactors: TOPAZ_FACTORS.map(([factor]) => factor) },
    outputSize: ({ size, scale = 1 }) => {
      const [factor] = topazFactor(scale);
      return { width: size.width * factor, height: size.height * factor };
    },
    input: (request) => ({
      image: request.image,
      upscale_factor: topazFactor(request.scale ?? 1)[1],
      enhance_model: request.enhance ?? 'Standard V2',
      output_format: 'jpg',
      face_enhancement: request.faces ?? false,
    }),
  },
  {
    id: 'nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa',
    role: 'upscale',
    // Billed by GPU time: about this much a run on its page's figures.
    price: { per: 'run', usd: 0.003 },
    pricePage: 'https://replicate.com/nightmareai/real-esrgan',
    limits: { inputLongEdge: 2048, maxReferences: 0 },
    outputSize: ({ size, scale = 2 }) => ({ width: size.width * scale, height: size.height * scale }),
    input: (request) => ({
      image: request.image,
      scale: Math.min(10, Math.max(1, request.scale ?? 2)),
      face_enhance: request.faces ?? false,
    }),
  },
  // 768p for 6 s (https://runware.ai/docs/models/minimax-hailuo-2-3 lists the same tiers).
  hailuo('minimax/hailuo-2.3', 0.28),
  hailuo('minimax/hailuo-02', 0.27),
  {
    id: 'google/veo-3.1',
    role: 'video',
    // $0.20 a second at 720p without audio (half as much again with it).
    price: { per: 'second', usd: 0.2, seconds: VEO_SECONDS },
    pricePage: 'https://replicate.com/google/veo-3.1',
    limits: { inputLongEdge: 1920, maxReferences: 0 },
    input: (request) => ({
      prompt: request.prompt,
      image: request.image,
      duration: VEO_SECONDS,
      aspect_ratio: nearestRatio(VEO_RATIOS, request.size),
      resolution: '720p',
      generate_audio: false,
      ...seedOf(request),
    }),
  },
];

/** Bria's canvas can be any shape up to 5000 px a side: the picture centred on the canvas of the wanted shape. */
const CANVAS_MAX = 5000;

/** The canvas Bria fills, and the picture's size on it. */
function expansionCanvas(size: Size, aspect: Size): { canvas: Size; placed: Size } {
  const ratio = aspect.width / aspect.height;
  const canvas =
    size.width / size.height < ratio
      ? { width: Math.round(size.height * ratio), height: size.height }
      : { width: size.width, height: Math.round(size.width / ratio) };
  const fit = Math.min(1, CANVAS_MAX / Math.max(canvas.width, canvas.height));
  return {
    canvas: { width: Math.round(canvas.width * fit), height: Math.round(canvas.height * fit) },
    placed: { width: Math.round(size.width * fit), height: Math.round(size.height * fit) },
  };
}

function expansion(size: Size, aspect: Size): Record<string, number[]> {
  const { canvas, placed } = expansionCanvas(size, aspect);
  return {
    canvas_size: [canvas.width, canvas.height],
    original_image_size: [placed.width, placed.height],
    original_image_location: [
      Math.floor((canvas.width - placed.width) / 2),
      Math.floor((canvas.height - placed.height) / 2),
    ],
  };
}

/** The model of this id (with or without a pinned version). */
export function findModel(id: string): ModelEntry | undefined {
  return MODELS.find((model) => model.id === id) ?? MODELS.find((model) => modelName(model.id) === modelName(id));
}

export const MODEL_IDS = MODELS.map(({ id }) => id);

/** The output file's URL: models answer one URL, or a list of them. */
export function outputUrl(output: unknown): string | null {
  const candidate = Array.isArray(output) ? output.find((item) => typeof item === 'string') : output;
  return typeof candidate === 'string' && /^https?:\/\//.test(candidate) ? candidate : null;
}

/** The default model of each role, each overridable by a setting. */
export const DEFAULT_CLOUD_MODELS: Readonly<Record<StepRole, string>> = {
  edit: 'black-forest-labs/flux-kontext-pro',
  background: 'bria/generate-background',
  viewpoint: 'qwen/qwen-edit-multiangle',
  outpaint: 'bria/expand-image',
  upscale: 'topazlabs/image-upscale',
  video: 'minimax/hailuo-2.3',
};

export type ModelChoice = Readonly<Record<StepRole, ModelEntry>>;

/** The editor a workflow's reference pictures go to when the chosen one reads none (Kontext): flux-2-pro reads seven. */
const REFERENCE_EDITOR: ModelEntry = findModel('black-forest-labs/flux-2-pro')!;

/** The editor of a generation: the chosen one, unless it would leave out the references given. */
export const editorFor = (models: ModelChoice, hasReferences: boolean): ModelEntry =>
  hasReferences && models.edit.limits.maxReferences === 0 ? REFERENCE_EDITOR : models.edit;

/**
 * The model for each role: the defaults, with the settings' choices. A chosen id must be a model
 * of that role in the registry (its input builder is what conforms to its schema).
 */
export function chooseModels(overrides: Partial<Record<StepRole, string | undefined>> = {}): ModelChoice {
  const roles = Object.keys(DEFAULT_CLOUD_MODELS) as StepRole[];
  return Object.fromEntries(
    roles.map((role) => {
      const id = overrides[role] || DEFAULT_CLOUD_MODELS[role];
      const model = findModel(id);
      if (!model || model.role !== role) {
        const known = MODELS.filter((entry) => entry.role === role).map((entry) => modelName(entry.id));
        throw new Error(`Unknown ${role} model "${id}": choose one of ${known.join(', ')}`);
      }
      return [role, model];
    }),
  ) as unknown as ModelChoice;
}
