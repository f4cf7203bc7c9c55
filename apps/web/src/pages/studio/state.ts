import {
  CATEGORY_IDS,
  type CategoryId,
  type ColorChoices,
  type SelectedOption,
  type Selection,
} from '@atelier/catalog';

export type GenerationMode = 'image' | 'video';
/** Manual: the user picks the options. Automatic AI: the studio picks a preset suited to the image. */
export type AiMode = 'manual' | 'auto';

/** The options and colours a generation was asked for. */
export interface StudioChoices {
  selection: Selection;
  colors: ColorChoices;
}

export interface StudioResult {
  url: string;
  kind: 'image' | 'video';
  /** The picture it was made from, for the before/after views. */
  before: string;
  /** What it was made with ("Mêmes réglages"), when this visit made it. */
  choices?: StudioChoices;
  /** The image engine that made it ('local' or 'replicate'), when the server said. */
  engine?: string;
  /** The cloud models that made it, in order, when the server said. */
  models?: string[];
}

export interface StudioState {
  /** The picture in the main frame, the one RUN transforms. */
  currentImage: string | null;
  /** Pictures brought in (starting image, uploads, library and gallery picks), newest first. */
  sources: string[];
  /** What this visit generated, newest first. */
  results: StudioResult[];
  selection: Selection;
  colors: ColorChoices;
  /** The category whose options are open, if any. */
  activeCategory: CategoryId | null;
  /** Whether the global colour bar is shown. */
  colorBarVisible: boolean;
  generationMode: GenerationMode;
  aiMode: AiMode;
}

export type StudioAction =
  /**
   * The starting picture: used only while there is none yet (a library pick wins). `before` is the
   * picture it was made from, when it is a result.
   */
  | { type: 'initialImage'; url: string; before?: string | null }
  /** Pictures handed over (library, upload): the first becomes the current image. */
  | { type: 'addSources'; urls: readonly string[] }
  /** A picture from the strip, the gallery or a comparison becomes the current one. */
  | { type: 'useImage'; url: string }
  /** A picture that could not be loaded gives its place to another (the starting image's fallback). */
  | { type: 'replaceSource'; from: string; to: string }
  | { type: 'toggleOption'; category: CategoryId; option: SelectedOption }
  /** Options chosen by the studio (automatic mode); the user's own choices are kept. */
  | { type: 'applyPreset'; selection: Selection }
  | { type: 'openCategory'; category: CategoryId | null }
  | { type: 'setGlobalColor'; color: string | undefined }
  | { type: 'setColors'; colors: ColorChoices }
  | { type: 'showColorBar'; visible: boolean }
  | { type: 'resultReady'; result: StudioResult }
  /** Choices given back: those of a result ("Mêmes réglages"), or a visitor's after signing in. */
  | { type: 'restoreChoices'; choices: StudioChoices }
  | { type: 'setGenerationMode'; mode: GenerationMode }
  | { type: 'setAiMode'; mode: AiMode }
  /** Forget the visit (logout): pictures, results and choices. */
  | { type: 'reset' };

export const initialStudioState: StudioState = {
  currentImage: null,
  sources: [],
  results: [],
  selection: {},
  colors: {},
  activeCategory: null,
  colorBarVisible: false,
  generationMode: 'image',
  aiMode: 'manual',
};

function prependUnique(list: readonly string[], urls: readonly string[]): string[] {
  const added = [...new Set(urls)];
  return [...added, ...list.filter((url) => !added.includes(url))];
}

/** The colours chosen for one option (whole element and parts) go with it when it is deselected. */
function withoutOptionColors(colors: ColorChoices, category: CategoryId, optionId: string): ColorChoices {
  const strip = <T>(byCategory: Partial<Record<CategoryId, Record<string, T>>> | undefined) => {
    const forCategory = byCategory?.[category];
    if (!forCategory || !(optionId in forCategory)) return byCategory;
    const { [optionId]: _removed, ...rest } = forCategory;
    return { ...byCategory, [category]: rest };
  };
  const next: ColorChoices = { ...colors };
  const elements = strip(colors.elements);
  const components = strip(colors.components);
  if (elements) next.elements = elements;
  if (components) next.components = components;
  return next;
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'initialImage': {
      if (state.currentImage !== null) return state;
      const { url, before } = action;
      // A result keeps its before/after; its original is then the source, not the result.
      if (before)
        return {
          ...state,
          currentImage: url,
          sources: prependUnique(state.sources, [before]),
          results: [{ url, kind: 'image', before }],
        };
      return { ...state, currentImage: url, sources: prependUnique(state.sources, [url]) };
    }
    case 'addSources': {
      const [first] = action.urls;
      if (first === undefined) return state;
      return { ...state, currentImage: first, sources: prependUnique(state.sources, action.urls) };
    }
    case 'useImage': {
      const known = state.sources.includes(action.url) || state.results.some((result) => result.url === action.url);
      return {
        ...state,
        currentImage: action.url,
        sources: known ? state.sources : prependUnique(state.sources, [action.url]),
      };
    }
    case 'replaceSource': {
      const sources = state.sources.includes(action.from)
        ? prependUnique(
            state.sources.filter((url) => url !== action.from),
            [action.to],
          )
        : state.sources;
      return { ...state, sources, currentImage: state.currentImage === action.from ? action.to : state.currentImage };
    }
    case 'toggleOption': {
      const { category, option } = action;
      const current = state.selection[category];
      if (current?.id === option.id) {
        const { [category]: _deselected, ...selection } = state.selection;
        return { ...state, selection, colors: withoutOptionColors(state.colors, category, option.id) };
      }
      const colors = current ? withoutOptionColors(state.colors, category, current.id) : state.colors;
      return { ...state, selection: { ...state.selection, [category]: { id: option.id, name: option.name } }, colors };
    }
    case 'applyPreset':
      return { ...state, selection: { ...action.selection, ...state.selection } };
    case 'openCategory': {
      if (action.category === state.activeCategory) return state;
      // A new category starts without the colour chosen for the previous one.
      const { global: _cleared, ...colors } = state.colors;
      return { ...state, activeCategory: action.category, colors, colorBarVisible: false };
    }
    case 'setGlobalColor': {
      const { global: _previous, ...colors } = state.colors;
      return { ...state, colors: action.color === undefined ? colors : { ...colors, global: action.color } };
    }
    case 'setColors':
      return { ...state, colors: action.colors };
    case 'showColorBar':
      return { ...state, colorBarVisible: action.visible };
    case 'resultReady': {
      const { result } = action;
      // The same result told twice (RUN's answer, then the job's event, in either order) is news only
      // for what it adds: the frame, the choices given back and its "Mêmes réglages" stay as they are.
      const known = state.results.find((entry) => entry.url === result.url);
      if (known)
        return {
          ...state,
          results: state.results.map((entry) =>
            entry === known ? { ...known, ...result, choices: result.choices ?? known.choices } : entry,
          ),
        };
      return {
        ...state,
        // A video plays in its own player; the frame keeps the picture it was made from.
        currentImage: result.kind === 'image' ? result.url : state.currentImage,
        results: [result, ...state.results],
        selection: {},
        colors: {},
        colorBarVisible: false,
      };
    }
    case 'restoreChoices':
      return { ...state, selection: action.choices.selection, colors: action.choices.colors, colorBarVisible: false };
    case 'setGenerationMode':
      return { ...state, generationMode: action.mode };
    case 'setAiMode':
      return { ...state, aiMode: action.mode };
    case 'reset':
      return { ...initialStudioState, generationMode: state.generationMode, aiMode: state.aiMode };
  }
}

/** The selected options in category order, for chips and labels. */
export function selectedEntries(selection: Selection): [CategoryId, SelectedOption][] {
  return CATEGORY_IDS.flatMap((category) => {
    const option = selection[category];
    return option ? [[category, option] as [CategoryId, SelectedOption]] : [];
  });
}

export const hasSelection = (selection: Selection) => selectedEntries(selection).length > 0;

/** The result in the frame, if the current image is one (of this visit, or the last one before a reload). */
export function currentResult(state: StudioState): StudioResult | null {
  return state.results.find((known) => known.kind === 'image' && known.url === state.currentImage) ?? null;
}

/** The before/after pair when the current image is a result. */
export function currentComparison(
  state: StudioState,
): { before: string; after: string; engine: string | null; models: string[] } | null {
  const result = currentResult(state);
  return result
    ? { before: result.before, after: result.url, engine: result.engine ?? null, models: result.models ?? [] }
    : null;
}

/** RUN is possible: not busy, a picture in the frame, and (manual image mode) at least one option. */
export function canRun(state: StudioState, pending: boolean): boolean {
  if (pending || state.currentImage === null) return false;
  return state.aiMode === 'auto' || state.generationMode === 'video' || hasSelection(state.selection);
}
