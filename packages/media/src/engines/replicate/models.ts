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

export interface ModelEntry {
  /** "owner/name", or "owner/name:version" for a community model run by version. */
  id: string;
  role: StepRole;
  /** US dollars per run as used here, from the model's public price (verify on its page). */
  priceUsd: number;
  limits: ModelLimits;
  input(request: StepRequest): Record<string, unknown>;
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

/** FLUX.1 Kontext [pro] and [max]: one picture and an instruction. */
function kontext(id: string, priceUsd: number): ModelEntry {
  return {
    id,
    role: 'edit',
    priceUsd,
    limits: { inputLongEdge: 2048, maxReferences: 0 },
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

function hailuo(id: string, priceUsd: number): ModelEntry {
  return {
    id,
    role: 'video',
    priceUsd,
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
function topazFactor(scale: number): string {
  return (TOPAZ_FACTORS.find(([factor]) => factor >= scale - 0.01) ?? TOPAZ_FACTORS.at(-1)!)[1];
}

const MODELS: readonly ModelEntry[] = [
  kontext('black-forest-labs/flux-kontext-pro', 0.04),
  kontext('black-forest-labs/flux-kontext-max', 0.08),
  {
    id: 'black-forest-labs/flux-2-pro',
    role: 'edit',
    priceUsd: 0.045,
    limits: { inputLongEdge: 2048, maxReferences: 7 },
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
    priceUsd: 0.15,
    limits: { inputLongEdge: 2048, maxReferences: 13 },
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
    priceUsd: 0.04,
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
    priceUsd: 0.03,
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
    priceUsd: 0.04,
    limits: { inputLongEdge: 2048, maxReferences: 0 },
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
    priceUsd: 0.08,
    // Billed by the output's megapixels: its input is sized so that the output is the frame delivered.
    limits: { inputLongEdge: 2048, maxReferences: 0, upscaleFactors: TOPAZ_FACTORS.map(([factor]) => factor) },
    input: (request) => ({
      image: request.image,
      upscale_factor: topazFactor(request.scale ?? 1),
      enhance_model: request.enhance ?? 'Standard V2',
      output_format: 'jpg',
      face_enhancement: request.faces ?? false,
    }),
  },
  {
    id: 'nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa',
    role: 'upscale',
    priceUsd: 0.003,
    limits: { inputLongEdge: 2048, maxReferences: 0 },
    input: (request) => ({
      image: request.image,
      scale: Math.min(10, Math.max(1, request.scale ?? 2)),
      face_enhance: request.faces ?? false,
    }),
  },
  hailuo('minimax/hailuo-2.3', 0.28),
  hailuo('minimax/hailuo-02', 0.27),
  {
    id: 'google/veo-3.1',
    role: 'video',
    priceUsd: 1.2,
    limits: { inputLongEdge: 1920, maxReferences: 0 },
    input: (request) => ({
      prompt: request.prompt,
      image: request.image,
      duration: 6,
      aspect_ratio: nearestRatio(VEO_RATIOS, request.size),
      resolution: '720p',
      generate_audio: false,
      ...seedOf(request),
    }),
  },
];

/** Bria's canvas can be any shape up to 5000 px a side: the picture centred on the canvas of the wanted shape. */
const CANVAS_MAX = 5000;

function expansion(size: Size, aspect: Size): Record<string, number[]> {
  const ratio = aspect.width / aspect.height;
  let canvas =
    size.width / size.height < ratio
      ? { width: Math.round(size.height * ratio), height: size.height }
      : { width: size.width, height: Math.round(size.width / ratio) };
  const fit = Math.min(1, CANVAS_MAX / Math.max(canvas.width, canvas.height));
  canvas = { width: Math.round(canvas.width * fit), height: Math.round(canvas.height * fit) };
  const placed = { width: Math.round(size.width * fit), height: Math.round(size.height * fit) };
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
