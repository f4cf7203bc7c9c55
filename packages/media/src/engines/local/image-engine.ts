import {
  CATEGORY_IDS,
  cloudOnlyMessage,
  cloudOnlyNames,
  findOptionsInText,
  isCloudOnly,
  getOption,
  getWorkflowOption,
  type ColorChoices,
  type Selection,
} from '@atelier/catalog';
import type { Rgb } from '../../color';
import { DECODE_OPTIONS, decodeFailure, inspectImage } from '../../decode';
import { MediaError } from '../../errors';
import { sharp } from '../../sharp';
import {
  REFERENCE_SLOTS,
  type ImageEngine,
  type ImageTransformRequest,
  type ReferenceImages,
  type TransformedImage,
} from '../types';
import { ModelRuntime, RecentResults, SubjectAnalyser, type SuperResolved } from '../../models';
import { cameraMoveOf, REFRAMING_MOVES, type CameraMove } from './camera';
import { enlarge, restoresFaces } from './enlarge';
import { checkNamedSize, framingOf, outputFrame, upscaleOf, type Frame } from './geometry';
import { combineLooks, look, weakenLook, type Look } from './look';
import { globalColourLook, lookForChoice, referenceTint, type Choice } from './recipes';
import { hashString } from '../../hash';
import { exposureBoundsOf, exposureGuarded } from './exposure';
import { renderLook, type Picture, type Source } from './render';
import { styleFamily } from './styles/families';
import { stylise } from './styles/stylise';
import { encodedPicture, isRaw, uprightPixels, type RawPicture, type WorkPicture } from './pixels';
import { subjectPlan } from './subject-steps';
import { variationFor } from './variation';

/** The chosen options in category order; workflow-only options (extra lighting moods) count too. */
function resolveChoices(selection: Selection): Choice[] {
  return CATEGORY_IDS.flatMap((category) => {
    const id = selection[category]?.id;
    const option = id === undefined ? undefined : (getOption(category, id) ?? getWorkflowOption(category, id));
    return option ? [{ category, option }] : [];
  });
}

/**
 * The selection's options, or, when it names none, those recognised in the prompt text but the
 * cloud engine's alone (chosen ones of those are refused: LocalImageEngine.refusal).
 */
export function choicesFor(selection: Selection, prompt: string): Choice[] {
  const chosen = resolveChoices(selection);
  if (chosen.length > 0) return chosen;
  return resolveChoices(findOptionsInText(prompt)).filter(({ category, option }) => !isCloudOnly(category, option.id));
}

/** Style and environment references lend their average colour; faces and bodies need a real model. */
const TINTING_SLOTS = new Set<string>(['style', 'environment']);

async function referenceLooks(references: ReferenceImages | undefined): Promise<Look[]> {
  const slots = REFERENCE_SLOTS.filter((slot) => TINTING_SLOTS.has(slot));
  return Promise.all(
    slots.flatMap((slot) => {
      const reference = references?.[slot];
      if (!reference) return [];
      return [
        averageColour(reference.image).then((colour) =>
          referenceTint(colour, Math.min(1, Math.max(0.1, reference.importance))),
        ),
      ];
    }),
  );
}

async function averageColour(image: Buffer): Promise<Rgb> {
  await inspectImage(image);
  // A 16 × 16 thumbnail (decoded at reduced size) averages as well as the whole picture would.
  const { data } = await sharp(image, DECODE_OPTIONS)
    .resize(16, 16, { fit: 'fill' })
    .flatten()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum: [number, number, number] = [0, 0, 0];
  for (let index = 0; index < data.length; index += 3) {
    sum[0] += data[index] ?? 0;
    sum[1] += data[index + 1] ?? 0;
    sum[2] += data[index + 2] ?? 0;
  }
  const pixels = data.length / 3;
  return [sum[0] / pixels, sum[1] / pixels, sum[2] / pixels];
}

function clampIntensity(intensity: number | undefined): number {
  return intensity === undefined || Number.isNaN(intensity) ? 1 : Math.min(1, Math.max(0, intensity));
}

export interface LocalImageEngineOptions {
  /** The process's model threads; by default a pool of one thread of this engine's own (none starts until a model runs). */
  models?: ModelRuntime;
}

/**
 * Why the local engine does not render a selection: the options it cannot render as named (the
 * catalogue's cloud-only list) are refused, never replaced by another look. Asked before anything
 * is charged, by any process that queues work for it (a web server asks it without the engine).
 */
export function localEngineRefusal(selection: Selection): string | undefined {
  const names = cloudOnlyNames(selection);
  return names.length > 0 ? cloudOnlyMessage(names) : undefined;
}

/**
 * The offline engine: deterministic sharp pipelines and open models that visibly follow every
 * option it offers (see recipes.ts for how each category looks and render.ts for the single-pass
 * pipeline): it draws (styles), retouches (light, enlargement) and composes (crops, perspective);
 * it generates nothing. A render's seed varies a re-imagined picture's grade (variation.ts), never
 * where the person is: the same seed, the same picture.
 */
export class LocalImageEngine implements ImageEngine {
  readonly name = 'local';
  /** The neural models' threads (see models/runtime.ts): started on the first option that needs a model. */
  readonly models: ModelRuntime;
  private readonly subjects: SubjectAnalyser;
  /** ESRGAN's last enlargements: a second HD option of the same photo reuses the model's pass. */
  private readonly enlargements = new RecentResults<SuperResolved>(2);

  constructor(options: LocalImageEngineOptions = {}) {
    this.models = options.models ?? new ModelRuntime({ threads: 1 });
    this.subjects = new SubjectAnalyser(this.models);
  }

  refusal(selection: Selection): string | undefined {
    return localEngineRefusal(selection);
  }

  async transform(request: ImageTransformRequest): Promise<TransformedImage> {
    const refusal = this.refusal(request.selection);
    if (refusal) throw new MediaError('VALIDATION', refusal);
    const header = await inspectImage(request.image);
    // Measured while the picture is worked on and rendered: a small decode the render need not wait for.
    const bounds = exposureBoundsOf(request.image);
    // Awaited at the end: should the render fail first, this promise's failure is not left unhandled.
    bounds.catch(() => undefined);
    const choices = choicesFor(request.selection, request.prompt);
    checkNamedSize(header, choices);
    const colors: ColorChoices = request.colors ?? {};
    const camera = choices.find(({ category }) => category === 'camera');
    const move = camera && cameraMoveOf(camera.option.id);
    const worked = await this.withSubjectWork(request, header, choices, colors, move);
    // The steps hand on their own pixels, or the upload itself when they had nothing to do.
    const workedFrame = isRaw(worked) ? frameOf(worked) : header;
    // A camera's crop or extension comes back at the photo's size; a format's window at its own.
    const target = outputFrame(move && REFRAMING_MOVES.has(move.kind) ? header : workedFrame, choices);
    const image = await this.enlarged(worked, request, choices);
    const source = isRaw(image) ? frameOf(image) : workedFrame;
    const looks = [
      ...choices.map((choice) => lookForChoice(choice, colors)),
      ...(await referenceLooks(request.references)),
      globalColourLook(colors),
    ];
    const intensity = clampIntensity(request.intensity);
    const finished = combineLooks([
      weakenLook(combineLooks(looks), intensity),
      look({ grade: variationFor(request.seed, choices) }),
    ]);
    const { picture, frame } = await styledPicture(image, source, choices, intensity);
    return exposureGuarded(await renderLook(picture, frame, target, finished), await bounds);
  }

  /**
   * An HD option's enlargement (enlarge.ts): ESRGAN in the model threads, the faces restored for
   * the face options (found on the picture as the subject work left it). The output frame is
   * measured before, on the picture at its own size.
   */
  private async enlarged(
    image: WorkPicture,
    request: ImageTransformRequest,
    choices: readonly Choice[],
  ): Promise<WorkPicture> {
    const option = upscaleOf(choices);
    if (!option || request.intensity === 0) return image;
    const faces = restoresFaces(option)
      ? (await this.subjects.analyse(await encodedPicture(image), { matte: false }, request.signal)).faces
      : [];
    return enlarge(this.models, image, option, faces, {
      signal: request.signal,
      onProgress: request.onProgress,
      kept: this.enlargements,
    });
  }

  /**
   * The work done on the picture itself before the looks (subject-steps.ts), in the table's order.
   * The picture is analysed once, and only when a step needs it (the matte only for a light, a
   * bokeh or a streak).
   */
  private async withSubjectWork(
    request: ImageTransformRequest,
    header: Frame,
    choices: readonly Choice[],
    colors: ColorChoices,
    move: CameraMove | undefined,
  ): Promise<WorkPicture> {
    const { steps, needs } = subjectPlan({ header, choices, colors, move, framing: framingOf(choices, header) });
    // A step on the person's matte (a light, a background blur) works on every pixel: the picture is
    // decoded while the models look at it, not after.
    const [analysis, decoded] = await Promise.all([
      needs.matte || needs.faces ? this.subjects.analyse(request.image, { matte: needs.matte }, request.signal) : null,
      needs.matte ? decodedPixels(request.image) : request.image,
    ]);
    let image: WorkPicture = decoded;
    for (const { run } of steps) image = await run(image, analysis);
    return image;
  }
}

/** The upload's upright pixels; a picture that fails to decode is told as its own fault. */
async function decodedPixels(image: Buffer): Promise<WorkPicture> {
  try {
    return await uprightPixels(image);
  } catch (cause) {
    throw decodeFailure(cause);
  }
}

/** A step's pixels: upright RGB at their own size. */
function frameOf(picture: RawPicture): Source {
  return { width: picture.width, height: picture.height, channels: 3 };
}

/**
 * The picture the looks apply to: with a style of a rendering family, the style engine's rendering
 * (styles/) at its working size; otherwise the upload itself, untouched (no extra cost).
 */
async function styledPicture(
  image: WorkPicture,
  source: Source,
  choices: readonly Choice[],
  intensity: number,
): Promise<{ picture: Picture; frame: Source }> {
  const style = choices.find((choice) => choice.category === 'style');
  const family = style && styleFamily(style.option.id);
  if (!style || !family || intensity === 0) return { picture: image, frame: source };
  const picture = await stylise(
    image,
    Math.max(source.width, source.height),
    family,
    hashString(style.option.id),
    intensity,
  );
  return { picture, frame: { width: picture.width, height: picture.height, channels: 3 } };
}
