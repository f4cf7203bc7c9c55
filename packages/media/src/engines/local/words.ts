import { COLORS, type PaletteColor } from '@atelier/catalog';

/** Lower case, hyphens and punctuation as spaces: "Worm's-eye view" → "worm s eye view". */
function foldWords(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Greys, black and white name no hue: they colour shapes but never tint a whole image. */
const NEUTRAL_IDS = new Set(['white', 'ivory', 'cream', 'beige', 'light-grey', 'grey', 'silver', 'charcoal', 'black']);

export function isNeutral(colour: PaletteColor): boolean {
  return NEUTRAL_IDS.has(colour.id);
}

/** Words of English prompts that name a palette colour under another spelling. */
const ALIASES: Readonly<Record<string, string>> = {
  golden: 'gold',
  gray: 'grey',
  silvery: 'silver',
  violet: 'purple',
  fiery: 'orange',
  rosy: 'pink',
  jade: 'emerald',
  gilded: 'gold',
};

const TERMS = [
  ...COLORS.map((colour) => ({ term: foldWords(colour.id.replaceAll('-', ' ')), colour })),
  ...Object.entries(ALIASES).flatMap(([alias, id]) => {
    const colour = COLORS.find((candidate) => candidate.id === id);
    return colour ? [{ term: foldWords(alias), colour }] : [];
  }),
].sort((a, b) => b.term.length - a.term.length);

/** The palette colours an English prompt names, in the order they appear ("forest green" is one colour, not two). */
export function coloursNamedIn(text: string): PaletteColor[] {
  let folded = foldWords(text);
  const found: { at: number; colour: PaletteColor }[] = [];
  for (const { term, colour } of TERMS) {
    const at = folded.indexOf(term);
    if (at < 0) continue;
    found.push({ at, colour });
    folded = `${folded.slice(0, at)} ${'|'.repeat(term.length - 2)} ${folded.slice(at + term.length)}`;
  }
  return found.sort((a, b) => a.at - b.at).map(({ colour }) => colour);
}
