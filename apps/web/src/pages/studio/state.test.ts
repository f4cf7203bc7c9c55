import { describe, expect, it } from 'vitest';
import {
  canRun,
  currentComparison,
  currentResult,
  initialStudioState,
  selectedEntries,
  studioReducer,
  type StudioAction,
  type StudioState,
} from './state';

const run = (actions: StudioAction[], from: StudioState = initialStudioState) => actions.reduce(studioReducer, from);
const watercolor = { id: 'watercolor', name: 'Aquarelle' };
const cyberpunk = { id: 'cyberpunk', name: 'Cyberpunk' };
const goldenHour = { id: 'golden-hour', name: 'Heure dorée' };

describe('studio state', () => {
  it('keeps one option per category: a second tap on it deselects, another option replaces it', () => {
    const chosen = run([
      { type: 'toggleOption', category: 'style', option: watercolor },
      { type: 'toggleOption', category: 'lighting', option: goldenHour },
    ]);
    expect(chosen.selection).toEqual({ style: watercolor, lighting: goldenHour });

    expect(run([{ type: 'toggleOption', category: 'style', option: cyberpunk }], chosen).selection.style).toEqual(
      cyberpunk,
    );
    expect(run([{ type: 'toggleOption', category: 'style', option: watercolor }], chosen).selection).toEqual({
      lighting: goldenHour,
    });
  });

  it('drops the colours of an option when it is deselected or replaced', () => {
    const coloured = run([
      { type: 'toggleOption', category: 'clothing', option: { id: 'business-suit', name: 'Costume' } },
      {
        type: 'setColors',
        colors: {
          elements: { clothing: { 'business-suit': 'navy' } },
          components: { clothing: { 'business-suit': { tie: 'red' } } },
        },
      },
    ]);
    const replaced = run(
      [{ type: 'toggleOption', category: 'clothing', option: { id: 'casual', name: 'Décontracté' } }],
      coloured,
    );
    expect(replaced.colors).toEqual({ elements: { clothing: {} }, components: { clothing: {} } });
    const deselected = run(
      [{ type: 'toggleOption', category: 'clothing', option: { id: 'business-suit', name: 'Costume' } }],
      coloured,
    );
    expect(deselected.selection).toEqual({});
    expect(deselected.colors.elements?.clothing).toEqual({});
  });

  it('clears the chosen colour and hides the colour bar when another category opens', () => {
    const state = run([
      { type: 'openCategory', category: 'style' },
      { type: 'setGlobalColor', color: 'red' },
      { type: 'showColorBar', visible: true },
    ]);
    expect(state.colors.global).toBe('red');
    expect(run([{ type: 'openCategory', category: 'style' }], state).colors.global).toBe('red');
    const moved = run([{ type: 'openCategory', category: 'lighting' }], state);
    expect(moved).toMatchObject({ activeCategory: 'lighting', colorBarVisible: false });
    expect(moved.colors.global).toBeUndefined();
  });

  it('starts on the initial image unless a handed-over picture arrived first', () => {
    expect(run([{ type: 'initialImage', url: '/welcome.jpg' }]).currentImage).toBe('/welcome.jpg');
    const picked = run([
      { type: 'addSources', urls: ['/a.jpg', '/b.jpg'] },
      { type: 'initialImage', url: '/welcome.jpg' },
    ]);
    expect(picked.currentImage).toBe('/a.jpg');
    expect(picked.sources).toEqual(['/a.jpg', '/b.jpg']);
  });

  it('shows a result in the frame, keeps it in the strip and forgets the choices', () => {
    const before = run([
      { type: 'initialImage', url: '/photo.jpg' },
      { type: 'toggleOption', category: 'style', option: watercolor },
      { type: 'setGlobalColor', color: 'red' },
      { type: 'resultReady', result: { url: '/result.jpg', kind: 'image', before: '/photo.jpg' } },
    ]);
    expect(before).toMatchObject({ currentImage: '/result.jpg', selection: {}, colors: {} });
    expect(currentComparison(before)).toEqual({ before: '/photo.jpg', after: '/result.jpg', engine: null, models: [] });

    const video = run(
      [{ type: 'resultReady', result: { url: '/clip.mp4', kind: 'video', before: '/result.jpg' } }],
      before,
    );
    expect(video.currentImage).toBe('/result.jpg');
    expect(video.results.map((result) => result.url)).toEqual(['/clip.mp4', '/result.jpg']);

    const back = run([{ type: 'useImage', url: '/photo.jpg' }], video);
    expect(currentComparison(back)).toBeNull();
    expect(back.sources).toEqual(['/photo.jpg']);
  });

  it('gives a result’s choices back ("Mêmes réglages") and goes back to its original', () => {
    const choices = { selection: { style: watercolor }, colors: { global: 'red' } };
    const made = run([
      { type: 'initialImage', url: '/photo.jpg' },
      { type: 'resultReady', result: { url: '/result.jpg', kind: 'image', before: '/photo.jpg', choices } },
    ]);
    expect(currentResult(made)?.choices).toEqual(choices);
    const again = run(
      [
        { type: 'restoreChoices', choices },
        { type: 'useImage', url: '/photo.jpg' },
      ],
      made,
    );
    expect(again).toMatchObject({
      currentImage: '/photo.jpg',
      selection: { style: watercolor },
      colors: { global: 'red' },
    });
    expect(canRun(again, false)).toBe(true);
  });

  it('keeps a result’s choices, the frame and the choices given back when the result is told again', () => {
    const choices = { selection: { style: watercolor }, colors: {} };
    const told = { url: '/result.jpg', kind: 'image', before: '/photo.jpg' } as const;
    const made = run([
      { type: 'initialImage', url: '/photo.jpg' },
      { type: 'resultReady', result: { ...told, choices } },
      { type: 'restoreChoices', choices },
      { type: 'useImage', url: '/photo.jpg' },
    ]);
    // The job's event arrives after RUN's answer, without the choices but with its engine.
    const echoed = run([{ type: 'resultReady', result: { ...told, engine: 'local' } }], made);
    expect(echoed.results).toEqual([{ ...told, choices, engine: 'local' }]);
    expect(echoed).toMatchObject({ currentImage: '/photo.jpg', selection: { style: watercolor } });
  });

  it('starts on the last result with its before/after when the server knows its original', () => {
    const reloaded = run([
      { type: 'initialImage', url: '/api/media/results/r.jpg', before: '/api/media/uploads/u.jpg' },
    ]);
    expect(currentComparison(reloaded)).toEqual({
      before: '/api/media/uploads/u.jpg',
      after: '/api/media/results/r.jpg',
      engine: null,
      models: [],
    });
    expect(reloaded.sources).toEqual(['/api/media/uploads/u.jpg']);
    expect(currentComparison(run([{ type: 'initialImage', url: '/api/art/welcome.jpg', before: null }]))).toBeNull();
  });

  it('puts a replacement in the place of a picture that could not be loaded', () => {
    const started = run([
      { type: 'addSources', urls: ['/api/media/uploads/a.jpg'] },
      { type: 'initialImage', url: '/api/media/results/gone.jpg' },
    ]);
    const broken = run([{ type: 'useImage', url: '/api/media/results/gone.jpg' }], started);
    const replaced = run(
      [{ type: 'replaceSource', from: '/api/media/results/gone.jpg', to: '/api/art/welcome-ville.jpg' }],
      broken,
    );
    expect(replaced.currentImage).toBe('/api/art/welcome-ville.jpg');
    expect(replaced.sources).toEqual(['/api/art/welcome-ville.jpg', '/api/media/uploads/a.jpg']);
    // Elsewhere in the strip, the frame keeps what it shows.
    const elsewhere = run(
      [{ type: 'replaceSource', from: '/api/media/results/gone.jpg', to: '/api/art/welcome-ville.jpg' }],
      started,
    );
    expect(elsewhere.currentImage).toBe('/api/media/uploads/a.jpg');
  });

  it('adds a picked gallery picture to the sources once', () => {
    const state = run([
      { type: 'initialImage', url: '/photo.jpg' },
      { type: 'useImage', url: '/gallery.jpg' },
      { type: 'useImage', url: '/photo.jpg' },
    ]);
    expect(state).toMatchObject({ currentImage: '/photo.jpg', sources: ['/gallery.jpg', '/photo.jpg'] });
  });

  it('lets a preset fill only the categories the user left empty', () => {
    const state = run([
      { type: 'toggleOption', category: 'style', option: watercolor },
      { type: 'applyPreset', selection: { style: cyberpunk, lighting: goldenHour } },
    ]);
    expect(selectedEntries(state.selection)).toEqual([
      ['style', watercolor],
      ['lighting', goldenHour],
    ]);
  });

  it('allows RUN only with a picture, not while pending, and with an option unless automatic or video', () => {
    const withImage = run([{ type: 'initialImage', url: '/photo.jpg' }]);
    expect(canRun(initialStudioState, false)).toBe(false);
    expect(canRun(withImage, false)).toBe(false);
    expect(canRun(run([{ type: 'setAiMode', mode: 'auto' }], withImage), false)).toBe(true);
    expect(canRun(run([{ type: 'setGenerationMode', mode: 'video' }], withImage), false)).toBe(true);
    const chosen = run([{ type: 'toggleOption', category: 'style', option: watercolor }], withImage);
    expect(canRun(chosen, false)).toBe(true);
    expect(canRun(chosen, true)).toBe(false);
  });

  it('forgets pictures, results and choices on reset but keeps the modes', () => {
    const state = run([
      { type: 'initialImage', url: '/photo.jpg' },
      { type: 'setAiMode', mode: 'auto' },
      { type: 'toggleOption', category: 'style', option: watercolor },
      { type: 'resultReady', result: { url: '/result.jpg', kind: 'image', before: '/photo.jpg' } },
      { type: 'reset' },
    ]);
    expect(state).toEqual({ ...initialStudioState, aiMode: 'auto' });
  });
});
