import type { CategoryId } from '@atelier/catalog';

/** Greys, black and white name no hue: they colour shapes but never tint a whole image. */
const NEUTRAL_IDS = new Set(['white', 'ivory', 'cream', 'beige', 'light-grey', 'grey', 'silver', 'charcoal', 'black']);

export function isNeutral(colorId: string): boolean {
  return NEUTRAL_IDS.has(colorId);
}

/**
 * The palette colours an option is drawn or tinted in, by option id, after those the user chose for
 * it (a tuxedo is black, a sunset orange); the workflow editor's own lights too. Options not listed
 * take only the user's colours. This is the local engine's own data: the English prompts are
 * written for the cloud engine, and rewording one must not repaint a render.
 */
export const OPTION_COLORS: { readonly [C in CategoryId]?: Readonly<Record<string, readonly string[]>> } = {
  style: {
    'art-deco': ['gold'],
    'chinese-ink': ['black'],
    'byzantine-icon': ['gold'],
    charcoal: ['charcoal'],
    blueprint: ['white', 'blue'],
    manga: ['black', 'white'],
    kawaii: ['pink'],
    'tarot-card': ['gold'],
    'black-and-white': ['black', 'white', 'silver'],
    sepia: ['brown'],
    polaroid: ['white'],
    infrared: ['white'],
    daguerreotype: ['silver'],
    cyanotype: ['blue', 'white'],
    cyberpunk: ['magenta', 'cyan'],
    steampunk: ['copper'],
    vaporwave: ['pastel-pink', 'teal'],
    synthwave: ['purple', 'orange'],
    gothic: ['crimson', 'black'],
    hologram: ['blue'],
    'marble-statue': ['white'],
    'bronze-statue': ['bronze', 'green'],
  },
  character: {
    gladiator: ['bronze'],
    musketeer: ['blue'],
    pharaoh: ['gold'],
    'greek-god': ['white', 'gold'],
    angel: ['white', 'gold'],
    astronaut: ['white'],
    chef: ['white'],
    doctor: ['white'],
    clown: ['red'],
  },
  action: {
    'eating-ice-cream': ['cream'],
  },
  environment: {
    ocean: ['turquoise'],
    forest: ['green'],
    desert: ['gold', 'sand'],
    underwater: ['coral'],
    'tropical-beach': ['white', 'sand', 'turquoise'],
    savanna: ['gold'],
    arctic: ['blue'],
    'lavender-fields': ['lavender'],
    countryside: ['green'],
    'new-york': ['yellow'],
    'japanese-garden': ['red'],
    mars: ['red'],
    moon: ['grey'],
  },
  clothing: {
    tuxedo: ['black'],
    tailcoat: ['black', 'white'],
    'groom-suit': ['black', 'white'],
    'little-black-dress': ['black'],
    'white-tshirt': ['white'],
    'denim-jacket': ['denim'],
    'leather-jacket': ['black'],
    overalls: ['denim'],
    bathrobe: ['white'],
    'wool-coat': ['camel'],
    'roman-toga': ['white'],
    'greek-chiton': ['gold'],
    'wedding-dress': ['white'],
    'doctor-coat': ['white'],
    'chef-whites': ['white'],
    'sailor-outfit': ['navy', 'white'],
    'astronaut-suit': ['white'],
    'mechanic-overalls': ['blue'],
    'judge-robe': ['black'],
    'ninja-outfit': ['black'],
    'santa-suit': ['red', 'white'],
    'pharaoh-outfit': ['gold'],
    'angel-costume': ['white'],
    'top-hat': ['black'],
    crown: ['gold'],
    'gold-chain': ['gold'],
    sneakers: ['white'],
    'combat-boots': ['black'],
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
    'neon-lights': ['pink', 'blue'],
    fireplace: ['orange'],
    moonlight: ['silver'],
  },
};
