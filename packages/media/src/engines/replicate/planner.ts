import { getOption, type ColorChoices, type FormatOption } from '@atelier/catalog';
import { outputFrame } from '../local/geometry';
import { MAX_OUTPUT_EDGE, MAX_OUTPUT_PIXELS } from '../../limits';
import type { Choice } from '../local/recipes';
import type { ReferenceSlot } from '../types';
import {
  editorFor,
  outputSizeOf,
  priceUsd,
  type ModelChoice,
  type ModelEntry,
  type Size,
  type StepRequest,
  type StepRole,
} from './models';
import { cleanText, editInstruction, sceneDescription, viewpointInstruction } from './prompt';
import { CAMERA_ROUTES, UPSCALE_ROUTES } from './routes';

/** What a step asks besides the picture it works on: built when the step starts, from that picture's sizes. */
export type StepAsk = Omit<StepRequest, 'image' | 'size'> & {
  /** The size to send the picture at, when not the largest the model takes (an upscaler's exact input). */
  inputSize?: Size | undefined;
};

/** The sizes a step is planned from when it starts. */
export interface StepSizes {
  /** The picture the step works on, whole. */
  picture: Size;
  /** That picture as the model is sent it: within its long edge. */
  sent: Size;
  /** The frame the generation ends at, reckoned from this picture. */
  frame: Size;
}

export interface PlannedStep {
  role: StepRole;
  model: ModelEntry;
  /** What to ask given the sizes when the step starts; null when the picture needs nothing of it. */
  ask(sizes: StepSizes): StepAsk | null;
}

/** A generation as the cloud engine runs it: its chain of predictions, then the local finish. */
export interface Plan {
  steps: PlannedStep[];
  /** Lens and shutter effects the local pipeline adds to the chain's picture. */
  optics: Choice[];
  /** Format and upscale: the exact frame and pixel size made last, as the local engine makes them. */
  framing: Choice[];
}

/** A reference picture already hosted for the models (its URL or data URI), with its importance. */
export interface HostedReference {
  slot: ReferenceSlot;
  value: string;
  importance: number;
}

export interface PlanRequest {
  choices: readonly Choice[];
  colors?: ColorChoices | undefined;
  intensity?: number | undefined;
  text: string;
  seed?: number | undefined;
  references: readonly HostedReference[];
  /** The source picture's size. */
  size: Size;
}

/** Categories an instruction editor carries out; an environment joins them when they are there. */
const EDIT_CATEGORIES = new Set(['style', 'character', 'action', 'clothing', 'lighting']);
/** Shapes closer than this (as a ratio of ratios) need no outpainting: the final crop takes the rest. */
const SAME_SHAPE = 1.02;
/** An enlargement below this is left to the final resize. */
const WORTH_UPSCALING = 1.05;

const REFERENCE_WORDS: Readonly<Record<ReferenceSlot, string>> = {
  face: 'the face of the person in',
  body: 'the body and outfit of the person in',
  environment: 'the setting of',
  style: 'the artistic style of',
};

/** Sentences that tell a multi-image editor what to take from each reference, and the references it can take. */
function referenceAsk(model: ModelEntry, references: readonly HostedReference[]): { words: string; images: string[] } {
  const taken = references.slice(0, model.limits.maxReferences);
  const words = taken.map(
    ({ slot, importance }, index) =>
      `Use ${REFERENCE_WORDS[slot]} image ${index + 2}${importance < 0.5 ? ' as a loose inspiration' : ''}.`,
  );
  return { words: words.join(' '), images: taken.map(({ value }) => value) };
}

function shapeOf(choices: readonly Choice[]): FormatOption | undefined {
  const id = choices.find(({ category }) => category === 'format')?.option.id;
  return id === undefined ? undefined : getOption('format', id);
}

/** The enlargement that makes `size` cover `frame`. */
const coverScale = (size: Size, frame: Size): number => Math.max(frame.width / size.width, frame.height / size.height);

/** `size` brought within a long edge, as a picture is sent to a model. */
export function withinLongEdge(size: Size, longEdge: number): Size {
  const fit = Math.min(1, longEdge / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * fit)), height: Math.max(1, Math.round(size.height * fit)) };
}

/** A factor within this share of the enlargement needed is taken for it (rounding, not a lack). */
const FACTOR_TOLERANCE = 0.01;

/**
 * How the upscaler delivers the frame: the smallest of its factors that reaches the frame from the
 * largest picture it takes, and the input that factor brings just to the frame. Topaz bills the
 * output's megapixels, so it is never asked for pixels the final resize would throw away, and
 * the final resize never enlarges its output (unless the frame is past its largest factor).
 */
export function upscaleFit(model: ModelEntry, sent: Size, frame: Size): { scale: number; inputSize: Size } {
  const needed = coverScale(sent, frame);
  const factors = model.limits.upscaleFactors;
  const scale = factors
    ? (factors.find((factor) => factor >= needed * (1 - FACTOR_TOLERANCE)) ?? factors.at(-1)!)
    : Math.max(1, needed);
  const shrink = Math.min(1, needed / scale);
  return {
    scale,
    inputSize: {
      width: Math.max(1, Math.ceil(sent.width * shrink)),
      height: Math.max(1, Math.ceil(sent.height * shrink)),
    },
  };
}

/** No option and no words of the request's own (Atelier's lead and options line are not): nothing to make. */
export const asksNothing = (choices: readonly Choice[], text: string): boolean =>
  choices.length === 0 && cleanText(text) === '';

/**
 * The chain for a selection, each part to the model that does it best: an instruction edit for
 * what re-imagines the picture (or a background generator that keeps the person's own pixels
 * when an environment is all there is), a real change of viewpoint, an outpainting when the
 * format's shape differs, a real upscaler for sizes and HD; then the local finish.
 */
export function planGeneration(request: PlanRequest, models: ModelChoice): Plan {
  const { choices, size } = request;
  const cameraRoute = (choice: Choice) => (choice.category === 'camera' ? CAMERA_ROUTES[choice.option.id] : undefined);
  const optics = choices.filter((choice) => cameraRoute(choice)?.step === 'optics');
  const viewpoints = choices.flatMap((choice) => {
    const route = cameraRoute(choice);
    return route?.step === 'viewpoint' ? [{ move: route.move, prompt: viewpointInstruction(choice) }] : [];
  });
  const framing = choices.filter(({ category }) => category === 'format' || category === 'upscale');
  const worded = choices.filter(
    (choice) => !framing.includes(choice) && !optics.includes(choice) && cameraRoute(choice) === undefined,
  );
  const environment = worded.filter(({ category }) => category === 'environment');
  const backgroundOnly = environment.length > 0 && worded.length === environment.length;
  // Without options, the request's own words are the edit's.
  const edits =
    worded.some(({ category }) => EDIT_CATEGORIES.has(category) || category === 'camera') ||
    (choices.length === 0 && !asksNothing(choices, request.text));
  const shape = shapeOf(choices);
  const reshapes =
    shape !== undefined &&
    Math.abs(Math.log(shape.aspect.width / shape.aspect.height / (size.width / size.height))) > Math.log(SAME_SHAPE);
  const generates = backgroundOnly || edits || viewpoints.length > 0 || reshapes;
  const upscaleId = choices.find(({ category }) => category === 'upscale')?.option.id;
  // A generative step gives about a megapixel, whatever the source: a sized format then needs an upscale.
  const upscales =
    upscaleId !== undefined ||
    (shape?.size !== undefined && (generates || coverScale(size, outputFrame(size, framing)) >= WORTH_UPSCALING));

  const steps: PlannedStep[] = [];
  const seed = request.seed === undefined ? {} : { seed: request.seed };
  if (backgroundOnly) {
    const reference = request.references.find(({ slot }) => slot === 'environment');
    steps.push({
      role: 'background',
      model: models.background,
      ask: () => ({
        prompt: sceneDescription(environment, request.colors),
        references: reference ? [reference.value] : [],
        ...seed,
      }),
    });
  } else if (edits) {
    const editor = editorFor(models, request.references.length > 0);
    const { words, images } = referenceAsk(editor, request.references);
    const instruction = editInstruction({
      choices: worded,
      colors: request.colors,
      intensity: request.intensity,
      text: request.text,
    });
    const prompt = [instruction, words].filter(Boolean).join(' ');
    steps.push({
      role: 'edit',
      model: editor,
      ask: () => ({ prompt, references: images, upscaledAfter: upscales, ...seed }),
    });
  }
  for (const { move, prompt } of viewpoints)
    steps.push({ role: 'viewpoint', model: models.viewpoint, ask: () => ({ prompt, camera: move, ...seed }) });
  if (reshapes)
    steps.push({
      role: 'outpaint',
      model: models.outpaint,
      ask: () => ({ prompt: '', aspect: shape.aspect, ...seed }),
    });
  if (upscales) {
    const route = (upscaleId !== undefined && UPSCALE_ROUTES[upscaleId]) || {};
    steps.push({
      role: 'upscale',
      model: models.upscale,
      // A sized format the picture already covers is only resized, at the end.
      ask: ({ picture, sent, frame }) =>
        upscaleId === undefined && coverScale(picture, frame) < WORTH_UPSCALING
          ? null
          : { prompt: '', ...upscaleFit(models.upscale, sent, frame), faces: route.faces, enhance: route.enhance },
    });
  }
  return { steps, optics, framing };
}

/** What a step sends, but the picture itself: its ask, at the size the picture goes at. */
export type SentStep = Omit<StepAsk, 'inputSize'> & { size: Size };

/**
 * A step's request from the picture it works on: an earlier output goes as it is, the source
 * within the model's long edge, an upscaler's input at the size its factor brings to the frame.
 * Null when the picture needs nothing of the step.
 */
export function sentStep(step: PlannedStep, plan: Plan, picture: Size, isOutput: boolean): SentStep | null {
  const sent = isOutput ? picture : withinLongEdge(picture, step.model.limits.inputLongEdge);
  const ask = step.ask({ picture, sent, frame: outputFrame(picture, plan.framing) });
  if (!ask) return null;
  const { inputSize = sent, ...asked } = ask;
  return { ...asked, size: inputSize };
}

/**
 * What a plan comes to at its models' list prices, on a source of `size`: each step priced as
 * it will be sent, from the size the step before answers.
 */
export function chainPriceUsd(plan: Plan, size: Size): number {
  let picture = size;
  let isOutput = false;
  let usd = 0;
  for (const step of plan.steps) {
    const request = sentStep(step, plan, picture, isOutput);
    if (!request) continue;
    usd += priceUsd(step.model, request);
    picture = outputSizeOf(step.model, request);
    isOutput = true;
  }
  return usd;
}

/** The largest frame a generation delivers (8K UHD): the most an upscaler is asked to make. */
const LARGEST_FRAME: Size = { width: MAX_OUTPUT_EDGE, height: MAX_OUTPUT_PIXELS / MAX_OUTPUT_EDGE };

/**
 * The most one generation can cost with these models: a picture made by the longest chain (an
 * edit or a background, a viewpoint, an outpainting, an upscale), each step sent the largest
 * picture it takes and the upscale making the largest frame; and a clip.
 */
export function dearestUsd(models: ModelChoice): { image: number; video: number } {
  const atLongEdge = (model: ModelEntry) =>
    priceUsd(model, { size: { width: model.limits.inputLongEdge, height: model.limits.inputLongEdge } });
  return {
    image:
      Math.max(atLongEdge(models.edit), atLongEdge(models.background)) +
      atLongEdge(models.viewpoint) +
      atLongEdge(models.outpaint) +
      priceUsd(models.upscale, { size: LARGEST_FRAME, scale: 1 }),
    video: atLongEdge(models.video),
  };
}
