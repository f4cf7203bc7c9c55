import type { CategoryId } from '@atelier/catalog';

/** Greys, black and white name no hue: they colour shapes but never tint a whole image. */
const NEUTRAL_IDS = new Set(['white', 'ivory', 'cream', 'beige', 'light-grey', 'grey', 'silver', 'charcoal', 'black']);

export function isNeutral(colorId: string): boolean {
  return NEUTRAL_IDS.has(colorId);
}

/**
 * The palette colours an option is drawn or tinted in, by option id, after those the user chose for
 * it (a sepia brown, a sunset orange); the workflow editor's own lights too. Options not listed
 * take only the user's colours. This is the local engine's own data: the English prompts are
 * written for the cloud engine, and rewording one must not repaint a render.
 */
export const OPTION_COLORS: { readonly [C in CategoryId]?: Readonly<Record<string, readonly string[]>> } = {
  style: {
    'chinese-ink': ['black'],
    blueprint: ['white', 'blue'],
    manga: ['black', 'white'],
    'black-and-white': ['black', 'white', 'silver'],
    sepia: ['brown'],
    polaroid: ['white'],
    infrared: ['white'],
    daguerreotype: ['silver'],
    cyanotype: ['blue', 'white'],
    vaporwave: ['pastel-pink', 'teal'],
    synthwave: ['purple', 'orange'],
    hologram: ['blue'],
    'marble-statue': ['white'],
    'bronze-statue': ['bronze', 'green'],
  },
  lighting: {
    'golden-hour': ['gold'],
    'blue-hour': ['blue'],
    sunrise: ['pink', 'orange'],
    sunset: ['orange', 'orange'], // orange twice: the deepest tint of the lights
    torchlight: ['orange'],
    'lava-glow': ['red', 'orange'],
    'hologram-glow': ['cyan'],
    'sodium-vapor': ['orange'],
    'tv-glow': ['blue'],
    'midnight-sun': ['gold'],
    'colored-gels': ['magenta', 'blue'],
    fireplace: ['orange'],
    moonlight: ['silver'],
  },
};
