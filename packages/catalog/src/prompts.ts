import { CATEGORY_IDS, isCategoryId, type CategoryId } from './categories';
import { getOptions, resolveSelection, type ResolvedChoice, type Selection } from './catalog';
import { getColor, type ColorChoices, type PaletteColor } from './colors';
import { componentsFor } from './components';
import { OPTIONS_LINE_LABEL, OPTIONS_SEPARATOR } from './find-options';
import { keepSentence, type CategoryInstruction, type Trait } from './instructions';
import type { CatalogOption } from './option';
import { ACTION_INSTRUCTION } from './options/action';
import { CAMERA_INSTRUCTION } from './options/camera';
import { CHARACTER_INSTRUCTION } from './options/character';
import { CLOTHING_INSTRUCTION } from './options/clothing';
import { ENVIRONMENT_INSTRUCTION } from './options/environment';
import { FORMAT_INSTRUCTION } from './options/format';
import { LIGHTING_INSTRUCTION } from './options/lighting';
import { STYLE_INSTRUCTION } from './options/style';
import { UPSCALE_INSTRUCTION } from './options/upscale';
import { getWorkflowOption } from './workflow-catalog';

export const WORKFLOW_PROMPT_SUFFIX = '4K quality, professional photography';
/** What a video model is told beyond the options: the motion and the camera's move, no resolution it does not make (768p). */
export const VIDEO_PROMPT_SUFFIX = 'The subject moves naturally and fluidly while the camera slowly pushes in.';
export const VIDEO_DEFAULTS = { duration: 6, resolution: '768p' } as const;

/** How an editor is told to carry out each category's options, written beside the options. */
export const CATEGORY_INSTRUCTIONS: Readonly<Record<CategoryId, CategoryInstruction>> = {
  style: STYLE_INSTRUCTION,
  character: CHARACTER_INSTRUCTION,
  action: ACTION_INSTRUCTION,
  environment: ENVIRONMENT_INSTRUCTION,
  clothing: CLOTHING_INSTRUCTION,
  lighting: LIGHTING_INSTRUCTION,
  camera: CAMERA_INSTRUCTION,
  format: FORMAT_INSTRUCTION,
  upscale: UPSCALE_INSTRUCTION,
};

/** The imperative lead an option's fragment completes, and what the option changes of the photo. */
function optionInstruction(category: CategoryId, optionId: string): { lead: string; changes: readonly Trait[] } {
  const { lead, changes, options } = CATEGORY_INSTRUCTIONS[category];
  const own = options?.[optionId];
  return { lead: own?.lead ?? lead, changes: [...changes, ...(own?.alsoChanges ?? [])] };
}

/** What an editor must keep of the photo when carrying out these options: all that none of them changes. */
export function keepInstruction(choices: readonly ResolvedChoice[]): string {
  return keepSentence(
    new Set(choices.flatMap(({ category, option }) => optionInstruction(category, option.id).changes)),
  );
}

function paletteColor(id: string | undefined): PaletteColor | undefined {
  return id === undefined ? undefined : getColor(id);
}

/** How a colour is written: the studio's text keeps the hex code; a model reads colour words best. */
type ColorWriter = (color: PaletteColor) => string;
const withHex: ColorWriter = (color) => `${color.prompt} (${color.hex})`;
const inWords: ColorWriter = (color) => color.prompt;

/** The colours chosen for one option and its parts, e.g. "main colour navy blue (#000080)". */
function colorDetails(category: CategoryId, option: CatalogOption, colors: ColorChoices, write: ColorWriter): string[] {
  const main = paletteColor(colors.elements?.[category]?.[option.id]);
  const partColors = colors.components?.[category]?.[option.id] ?? {};
  const parts = componentsFor(category, option).flatMap((component) => {
    const color = paletteColor(partColors[component.id]);
    return color ? [`${component.id.replaceAll('-', ' ')} in ${write(color)}`] : [];
  });
  return [...(main ? [`main colour ${write(main)}`] : []), ...parts];
}

/** An option's fragment with its colours: "a tailored business suit…, with main colour navy blue". */
function describe({ category, option }: ResolvedChoice, colors: ColorChoices, write: ColorWriter): string {
  const details = colorDetails(category, option, colors, write);
  return `${option.prompt}${details.length > 0 ? `, with ${details.join(', ')}` : ''}`;
}

/** One English instruction per chosen option, its lead then its fragment and colours, then the global colour. */
function instructionLines(choices: readonly ResolvedChoice[], colors: ColorChoices, write: ColorWriter): string[] {
  const lines = choices.map(
    (choice) => `${optionInstruction(choice.category, choice.option.id).lead} ${describe(choice, colors, write)}.`,
  );
  const global = paletteColor(colors.global);
  return global ? [...lines, `Use an overall colour palette of ${write(global)}.`] : lines;
}

/**
 * The studio's `style` text: one English instruction per chosen option with its colours, the
 * global colour, then a line of the French option names that `findOptionsInText` reads back.
 */
/** The studio text's first line, which says nothing of what to change: the cloud engine leaves it out. */
export const STYLE_TEXT_LEAD = 'Transform this photo, keeping the main subject recognisable.';

export function buildStyleText(selection: Selection, colors: ColorChoices = {}): string {
  const choices = resolveSelection(selection);
  const lines = [STYLE_TEXT_LEAD, ...instructionLines(choices, colors, withHex)];
  if (choices.length > 0) {
    lines.push(`${OPTIONS_LINE_LABEL} ${choices.map(({ option }) => option.name).join(OPTIONS_SEPARATOR)}`);
  }
  return lines.join('\n');
}

/** What a model is told for these options: their instructions with colours in words, nothing of Atelier's own. */
export function modelInstructions(choices: readonly ResolvedChoice[], colors: ColorChoices = {}): string[] {
  return instructionLines(choices, colors, inWords);
}

/** What a generator is told of these options without a lead: their fragments with colours in words. */
export function optionDescriptions(choices: readonly ResolvedChoice[], colors: ColorChoices = {}): string[] {
  return choices.map((choice) => describe(choice, colors, inWords));
}

/** The gallery's `transformationOption`: the chosen options' French names joined with " + ". */
export function buildOptionLabel(selection: Selection): string {
  return resolveSelection(selection)
    .map(({ option }) => option.name)
    .join(' + ');
}

/** An intensity below 1 weights the fragment, with one decimal: "(fragment:0.7)". */
export function weightFragment(fragment: string, intensity: number): string {
  return intensity < 1 ? `(${fragment}:${intensity.toFixed(1)})` : fragment;
}

/** The part of a workflow node the prompt needs. */
export interface WorkflowPromptNode {
  type: string;
  isEnabled: boolean;
  /** 0 to 1. */
  intensity: number;
  option?: { id: string } | null;
}

/** The workflow run's prompt: enabled nodes' fragments in order, weighted, then the quality suffix. */
export function buildWorkflowPrompt(nodes: readonly WorkflowPromptNode[]): string {
  const fragments = nodes.flatMap((node) => {
    if (!node.isEnabled || !node.option || !isCategoryId(node.type)) return [];
    const option = getWorkflowOption(node.type, node.option.id);
    return option ? [weightFragment(option.prompt, node.intensity)] : [];
  });
  return [...fragments, WORKFLOW_PROMPT_SUFFIX].join(', ');
}

/**
 * The French title of a video made by buildVideoPrompt: the names of the options whose prompt
 * fragments it carries, joined like a gallery label; 'Vidéo' when it names none.
 */
export function videoTitleOf(prompt: string): string {
  const names = CATEGORY_IDS.flatMap((category) =>
    getOptions(category)
      .filter((option) => option.prompt.length > 0 && prompt.includes(option.prompt))
      .slice(0, 1)
      .map((option) => option.name),
  );
  return names.length > 0 ? names.join(' + ') : 'Vidéo';
}

/** The image-to-video prompt; output size and upscaling mean nothing to a video model, so they are left out. */
export function buildVideoPrompt(selection: Selection): string {
  const fragments = resolveSelection(selection)
    .filter(({ category }) => category !== 'format' && category !== 'upscale')
    .map(({ option }) => option.prompt);
  const look = fragments.length > 0 ? `, keeping its look: ${fragments.join(', ')}` : '';
  return `Animate this image${look}. ${VIDEO_PROMPT_SUFFIX}`;
}
