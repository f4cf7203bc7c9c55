import { CATEGORY_IDS, type CategoryId } from './categories';
import type { CatalogOption } from './option';
import { ACTION_OPTIONS } from './options/action';
import { ACTION_GROUP_SUBOPTIONS } from './options/action-groups';
import { CAMERA_OPTIONS } from './options/camera';
import { CHARACTER_OPTIONS } from './options/character';
import { CLOTHING_OPTIONS } from './options/clothing';
import { ENVIRONMENT_OPTIONS } from './options/environment';
import { FORMAT_OPTIONS, type FormatOption } from './options/format';
import { LIGHTING_OPTIONS } from './options/lighting';
import { STYLE_OPTIONS } from './options/style';
import { UPSCALE_OPTIONS, type UpscaleOption } from './options/upscale';

/** Format and upscale options carry machine-readable data for the image engine. */
interface OptionByCategory {
  style: CatalogOption;
  character: CatalogOption;
  action: CatalogOption;
  environment: CatalogOption;
  clothing: CatalogOption;
  lighting: CatalogOption;
  camera: CatalogOption;
  format: FormatOption;
  upscale: UpscaleOption;
}

export type OptionOf<C extends CategoryId> = OptionByCategory[C];

type OptionLists = { readonly [C in CategoryId]: readonly OptionOf<C>[] };

/** What each category's grid shows; the special actions appear as single entries. */
const CATEGORY_OPTIONS: OptionLists = {
  style: STYLE_OPTIONS,
  character: CHARACTER_OPTIONS,
  action: ACTION_OPTIONS,
  environment: ENVIRONMENT_OPTIONS,
  clothing: CLOTHING_OPTIONS,
  lighting: LIGHTING_OPTIONS,
  camera: CAMERA_OPTIONS,
  format: FORMAT_OPTIONS,
  upscale: UPSCALE_OPTIONS,
};

/** Everything a selection may hold: the grids plus the options inside the special action dialogs. */
const SELECTABLE_OPTIONS: OptionLists = {
  ...CATEGORY_OPTIONS,
  action: [...ACTION_OPTIONS, ...ACTION_GROUP_SUBOPTIONS],
};

export function getOptions<C extends CategoryId>(category: C): readonly OptionOf<C>[] {
  return CATEGORY_OPTIONS[category];
}

export function getSelectableOptions<C extends CategoryId>(category: C): readonly OptionOf<C>[] {
  return SELECTABLE_OPTIONS[category];
}

export function getOption<C extends CategoryId>(category: C, id: string): OptionOf<C> | undefined {
  return getSelectableOptions(category).find((option) => option.id === id);
}

/** What the studio sends for one category: the chosen option's id and its display name. */
export interface SelectedOption {
  id: string;
  name: string;
}

/** One option per category at most. */
export type Selection = Partial<Record<CategoryId, SelectedOption>>;

export interface ResolvedChoice {
  category: CategoryId;
  option: CatalogOption;
}

/**
 * The selection's catalogue options in category order. Only ids count (names come from the
 * catalogue); ids the catalogue does not know are left out.
 */
export function resolveSelection(
  selection: Partial<Record<CategoryId, { id: string; name?: string }>>,
): ResolvedChoice[] {
  return CATEGORY_IDS.flatMap((category) => {
    const selected = selection[category];
    const option = selected && getOption(category, selected.id);
    return option ? [{ category, option }] : [];
  });
}
