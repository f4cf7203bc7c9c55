import type { CategoryId, ColorChoices } from '@atelier/catalog';

type Nested = { [key: string]: string | Nested };

/** `tree` with `value` at `path` (or the entry removed when undefined), emptied branches pruned. */
function setAt(
  tree: Nested | undefined,
  [key, ...rest]: readonly string[],
  value: string | undefined,
): Nested | undefined {
  if (key === undefined) return tree;
  const { [key]: current, ...others } = tree ?? {};
  const next = rest.length === 0 ? value : setAt(typeof current === 'object' ? current : undefined, rest, value);
  const result: Nested = next === undefined ? others : { ...others, [key]: next };
  return Object.keys(result).length === 0 ? undefined : result;
}

/** The colour of a whole option (elements[category][optionId]); undefined removes it. */
export function withElementColor(
  colors: ColorChoices,
  category: CategoryId,
  optionId: string,
  colorId: string | undefined,
): ColorChoices {
  const { elements, ...others } = colors;
  const next = setAt(elements, [category, optionId], colorId) as ColorChoices['elements'];
  return next ? { ...others, elements: next } : others;
}

/** The colour of one part of an option (components[category][optionId][componentId]); undefined removes it. */
export function withComponentColor(
  colors: ColorChoices,
  category: CategoryId,
  optionId: string,
  componentId: string,
  colorId: string | undefined,
): ColorChoices {
  const { components, ...others } = colors;
  const next = setAt(components, [category, optionId, componentId], colorId) as ColorChoices['components'];
  return next ? { ...others, components: next } : others;
}
