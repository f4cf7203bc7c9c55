import { cloudOnlyNames, selectionSchema } from '@atelier/catalog';
import { describe, expect, it } from 'vitest';
import { CURATED_PRESETS, pickPreset } from './presets';

const NIGHT_BLUE = [
  [10, 20, 60],
  [20, 30, 90],
  [5, 10, 40],
] as const;
const SUNNY = [
  [250, 200, 140],
  [240, 180, 120],
  [255, 230, 190],
] as const;
const PALE_SKY = [
  [170, 200, 240],
  [190, 215, 250],
] as const;

describe('automatic presets', () => {
  it('gives a dark, cool portrait the comic book and a bright, warm portrait the chiaroscuro', () => {
    const night = pickPreset({ colors: NIGHT_BLUE, aspect: 3 / 4 });
    expect(night.id).toBe('bd');
    expect(night.selection).toEqual({ style: { id: 'comic-book', name: 'Bande dessinée' } });

    const sunny = pickPreset({ colors: SUNNY, aspect: 3 / 4 });
    expect(sunny.id).toBe('clair-obscur');
    expect(Object.keys(sunny.selection)).toEqual(['lighting']);
  });

  it('follows the orientation of the picture', () => {
    expect(pickPreset({ colors: NIGHT_BLUE, aspect: 16 / 9 }).id).toBe('miniature');
    expect(pickPreset({ colors: PALE_SKY, aspect: 16 / 9 }).id).toBe('aquarelle');
    expect(pickPreset({ colors: PALE_SKY, aspect: 2 / 3 }).id).toBe('cyanotype');
  });

  it('still picks a preset when nothing could be read from the picture', () => {
    const preset = pickPreset({ colors: [], aspect: Number.NaN });
    expect(preset.id).toBe(CURATED_PRESETS[0]?.id);
    expect(Object.keys(preset.selection).length).toBeGreaterThan(0);
  });

  it('only ever applies catalogue options, with their French names', () => {
    expect(CURATED_PRESETS).toHaveLength(8);
    for (const preset of CURATED_PRESETS) {
      expect(preset.title).not.toBe('');
      expect(Object.keys(preset.selection).length).toBeGreaterThan(0);
      // The server's own check: known ids, names replaced by the catalogue's.
      expect(selectionSchema.parse(preset.selection)).toEqual(preset.selection);
    }
  });

  it('never asks the local engine for an option only the cloud engine renders', () => {
    expect(CURATED_PRESETS.flatMap((preset) => cloudOnlyNames(preset.selection))).toEqual([]);
  });
});
