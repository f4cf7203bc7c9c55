import {
  keepInstruction,
  modelInstructions,
  optionDescriptions,
  OPTIONS_LINE_LABEL,
  STYLE_TEXT_LEAD,
  type ColorChoices,
} from '@atelier/catalog';
import type { Choice } from '../local/recipes';

/** A workflow prompt weights a fragment as "(fragment:0.7)"; instruction models read no such syntax. */
const WEIGHTED_FRAGMENT = /\(([^()]+?):(\d(?:\.\d+)?)\)/g;

/** How strongly an instruction applies, in words: full strength says nothing. */
function strengthWords(strength: number): string {
  if (strength >= 0.85) return '';
  return strength >= 0.5 ? ' Apply this with moderate strength.' : ' Apply this subtly, as a light touch.';
}

/** The weight a workflow prompt gives an option's fragment, if it weights it. */
function weightIn(text: string, fragment: string): number | undefined {
  for (const [, weighted, weight] of text.matchAll(WEIGHTED_FRAGMENT)) if (weighted === fragment) return Number(weight);
  return undefined;
}

/** A free text as a model should read it: without Atelier's own lines (its lead, its options), weights turned into words. */
export function cleanText(text: string): string {
  return text
    .split('\n')
    .filter((line) => line !== STYLE_TEXT_LEAD && !line.startsWith(OPTIONS_LINE_LABEL))
    .join('\n')
    .replace(
      WEIGHTED_FRAGMENT,
      (_, fragment: string, weight: string) =>
        `${fragment}${Number(weight) < 0.5 ? ' (subtle)' : Number(weight) < 0.85 ? ' (moderate)' : ''}`,
    )
    .trim();
}

export interface InstructionRequest {
  /** The options the instruction carries out, in category order. */
  choices: readonly Choice[];
  colors?: ColorChoices | undefined;
  /** 0 to 1: the selection's strength, unless the text weights an option itself. */
  intensity?: number | undefined;
  /** The request's text (a workflow prompt, the studio's text), used when no option is chosen. */
  text: string;
}

/**
 * The English instruction for an image editor: one imperative sentence per option with its colours
 * in words and its strength, then what to keep: all that none of the options changes.
 */
export function editInstruction({ choices, colors, intensity = 1, text }: InstructionRequest): string {
  const lines = modelInstructions(choices, colors).map((line, index) => {
    const choice = choices[index];
    const strength = (choice && weightIn(text, choice.option.prompt)) ?? intensity;
    return `${line}${strengthWords(strength)}`;
  });
  // No option: the request's own words, which the planner checked there are.
  const body = lines.length > 0 ? lines : [cleanText(text)];
  return [...body, keepInstruction(choices)].join(' ');
}

/** A scene description for a background generator: the environment's words alone. */
export function sceneDescription(choices: readonly Choice[], colors: ColorChoices | undefined): string {
  return optionDescriptions(choices, colors)
    .map((description) => `${description}.`)
    .join(' ');
}

/** The words a viewpoint model reads after its own camera directive: the camera option's instruction. */
export function viewpointInstruction(choice: Choice): string {
  return modelInstructions([choice]).join(' ');
}
