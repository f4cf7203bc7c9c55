import { CATEGORY_IDS, isCategoryId, type CategoryId } from './categories';
import { getOptions, resolveSelection, type ResolvedChoice, type Selection } from './catalog';
import { getColor, type ColorChoices, type PaletteColor } from './colors';
import { componentsFor } from './components';
import { OPTIONS_LINE_LABEL, OPTIONS_SEPARATOR } from './find-options';
import type { CatalogOption } from './option';
import { getWorkflowOption } from './workflow-catalog';

export const WORKFLOW_PROMPT_SUFFIX = '4K quality, professional photography';
export const VIDEO_PROMPT_SUFFIX = 'smooth cinematic motion, 4K quality';
export const VIDEO_DEFAULTS = { duration: 6, resolution: '768p' } as const;

/** How each category's fragment is introduced in the studio prompt; the fragments are written to follow these. */
const LEADS: Readonly<Record<CategoryId, string>> = {
  style: 'Art style:',
  character: 'Turn the subject into',
  action: 'Show the subject',
  environment: 'Place the scene',
  clothing: 'Dress the subject in',
  lighting: 'Lighting:',
  camera: 'Camera:',
  format: 'Framing:',
  upscale: 'Output quality:',
};

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

/** One English instruction per chosen option with its colours, then the global colour. */
function instructionLines(choices: readonly ResolvedChoice[], colors: ColorChoices, write: ColorWriter): string[] {
  const lines = choices.map(({ category, option }) => {
    const details = colorDetails(category, option, colors, write);
    return `${LEADS[category]} ${option.prompt}${details.length > 0 ? `, with ${details.join(', ')}` : ''}.`;
  });
  const global = paletteColor(colors.global);
  return global ? [...lines, `Overall colour palette: ${write(global)}.`] : lines;
}

/**
 * The studio's `style` text: one English instruction per chosen option with its colours, the
 * global colour, then a line of the French option names that `findOptionsInText` reads back.
 */
export function buildStyleText(selection: Selection, colors: ColorChoices = {}): string {
  const choices = resolveSelection(selection);
  const lines = [
    'Transform this photo, keeping the main subject recognisable.',
    ...instructionLines(choices, colors, withHex),
  ];
  if (choices.length > 0) {
    lines.push(`${OPTIONS_LINE_LABEL} ${choices.map(({ option }) => option.name).join(OPTIONS_SEPARATOR)}`);
  }
  return lines.join('\n');
}

/** What a model is told for these options: their instructions with colours in words, nothing of Atelier's own. */
export function modelInstructions(choices: readonly ResolvedChoice[], colors: ColorChoices = {}): string[] {
  return instructionLines(choices, colors, inWords);
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
  const motion = fragments.length > 0 ? fragments.join(', ') : 'the scene comes to life with natural, subtle movement';
  return `Animate this image: ${motion}, ${VIDEO_PROMPT_SUFFIX}`;
}
