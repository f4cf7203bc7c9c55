import { describe, expect, it } from 'vitest';
import { findOptionsInText } from './find-options';
import {
  VIDEO_DEFAULTS,
  VIDEO_PROMPT_SUFFIX,
  WORKFLOW_PROMPT_SUFFIX,
  buildOptionLabel,
  buildStyleText,
  buildVideoPrompt,
  buildWorkflowPrompt,
  videoTitleOf,
  weightFragment,
} from './prompts';
import { getOption } from './catalog';
import type { Selection } from './catalog';

const selection: Selection = {
  clothing: { id: 'business-suit', name: "Costume d'affaires" },
  style: { id: 'watercolor', name: 'Aquarelle' },
  action: { id: 'horse', name: 'Cheval' },
};

describe('buildStyleText', () => {
  it('gives one imperative English instruction per option, in category order, then the French names', () => {
    const lines = buildStyleText(selection).split('\n');
    expect(lines).toEqual([
      'Transform this photo, keeping the main subject recognisable.',
      `Restyle the photo in the style of ${getOption('style', 'watercolor')?.prompt}.`,
      `Show the person ${getOption('action', 'horse')?.prompt}.`,
      `Dress the person in ${getOption('clothing', 'business-suit')?.prompt}.`,
      "Options Atelier : Aquarelle ; Cheval ; Costume d'affaires",
    ]);
  });

  it('describes the global, element and component colours by English name and hex', () => {
    const text = buildStyleText(selection, {
      global: 'navy',
      elements: { clothing: { 'business-suit': 'charcoal' } },
      components: { clothing: { 'business-suit': { tie: 'crimson', 'no-such-part': 'red' } } },
    });
    expect(text).toContain('with main colour charcoal grey (#36454F), tie in crimson red (#DC143C).');
    expect(text).toContain('Use an overall colour palette of navy blue (#000080).');
    expect(text).not.toContain('no such part');
  });

  it('ignores colours of options that are not selected and unknown colour ids', () => {
    const text = buildStyleText(
      { style: { id: 'watercolor', name: 'Aquarelle' } },
      { global: 'not-a-colour', elements: { clothing: { 'business-suit': 'red' }, style: { watercolor: 'nope' } } },
    );
    expect(text).not.toMatch(/#|palette/);
  });

  it('uses the catalogue names, not the names a client sent', () => {
    const text = buildStyleText({ style: { id: 'watercolor', name: 'Peinture <script>' } });
    expect(text).toContain('Options Atelier : Aquarelle');
    expect(text).not.toContain('<script>');
    expect(findOptionsInText(text)).toEqual({ style: { id: 'watercolor', name: 'Aquarelle' } });
  });
});

describe('buildOptionLabel', () => {
  it("joins the chosen options' French names with ' + ' in category order", () => {
    expect(buildOptionLabel(selection)).toBe("Aquarelle + Cheval + Costume d'affaires");
    expect(buildOptionLabel({ camera: { id: 'close-up', name: 'Gros plan' } })).toBe('Gros plan');
    expect(buildOptionLabel({})).toBe('');
  });
});

describe('workflow prompt', () => {
  it('weights a fragment below intensity 1 with one decimal, and leaves full intensity plain', () => {
    expect(weightFragment('x', 0.7)).toBe('(x:0.7)');
    expect(weightFragment('x', 0.25)).toBe('(x:0.3)');
    expect(weightFragment('x', 0)).toBe('(x:0.0)');
    expect(weightFragment('x', 1)).toBe('x');
  });

  it("joins the enabled nodes' fragments and ends with the quality suffix", () => {
    const anime = getOption('style', 'anime')?.prompt;
    const forest = getOption('environment', 'forest')?.prompt;
    const prompt = buildWorkflowPrompt([
      { type: 'source', isEnabled: true, intensity: 1, option: null },
      { type: 'style', isEnabled: true, intensity: 1, option: { id: 'anime' } },
      { type: 'character', isEnabled: false, intensity: 1, option: { id: 'fairy' } },
      { type: 'environment', isEnabled: true, intensity: 0.7, option: { id: 'forest' } },
      { type: 'lighting', isEnabled: true, intensity: 0.5, option: { id: 'lava-glow' } },
    ]);
    expect(prompt).toBe(
      `${anime}, (${forest}:0.7), (intense red-orange glow from molten lava below:0.5), ${WORKFLOW_PROMPT_SUFFIX}`,
    );
    expect(WORKFLOW_PROMPT_SUFFIX).toBe('4K quality, professional photography');
  });

  it('is only the suffix when no node is configured', () => {
    expect(buildWorkflowPrompt([{ type: 'style', isEnabled: true, intensity: 1, option: { id: 'unknown' } }])).toBe(
      WORKFLOW_PROMPT_SUFFIX,
    );
  });
});

describe('video prompt', () => {
  it('keeps the chosen options as the look, leaves out format and upscale, and speaks of motion and camera', () => {
    const prompt = buildVideoPrompt({ ...selection, format: { id: 'square-1-1', name: 'Carré 1:1' } });
    expect(prompt).toContain(getOption('action', 'horse')?.prompt);
    expect(prompt).not.toContain('square');
    expect(prompt).toMatch(
      /^Animate this image, keeping its look: .+\. The subject moves .+ the camera slowly pushes in\.$/,
    );
    // A 768p clip is no "4K": resolution words only mislead a video model.
    expect(prompt).not.toMatch(/4K|quality/i);
    expect(buildVideoPrompt({})).toBe(`Animate this image. ${VIDEO_PROMPT_SUFFIX}`);
  });

  it('defaults to 6 seconds at 768p', () => {
    expect(VIDEO_DEFAULTS).toEqual({ duration: 6, resolution: '768p' });
  });
});

describe('videoTitleOf', () => {
  it('names a video in French by the options its prompt was built from', () => {
    const chosen: Selection = {
      style: { id: 'watercolor', name: 'Aquarelle' },
      lighting: { id: 'golden-hour', name: 'Heure dorée' },
    };
    expect(videoTitleOf(buildVideoPrompt(chosen))).toBe(buildOptionLabel(chosen));
    expect(videoTitleOf(buildVideoPrompt({}))).toBe('Vidéo');
  });
});
