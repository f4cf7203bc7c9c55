import { BLACK, WHITE, css, mix, type Rgb } from '../../../colour';
import { n } from '../../../svg';

/**
 * The costume pieces, as SVG drawn in the frame of the body part they fit (see fit.ts): head
 * pieces 100 units across the head from its top, face pieces 100 units between the eyes, torso
 * pieces 100 units between the shoulders, props 100 units the height of a face from the hand.
 * Every piece is shaded (a gradient lit from the top left and a soft shadow) so it reads as an
 * object on the person, not a sticker.
 */
export interface Paint {
  /** Unique prefix for this piece's gradient ids. */
  id: string;
  main: Rgb;
  accent: Rgb;
}

/** The numbers of the fit a piece may need, in its own frame's units. */
export interface Measures {
  /** Head: from the top of the head down to the hairline, and up to the picture's top edge. */
  brow: number;
  headroom: number;
  /** Face: from the eyes down to the nose, the mouth and the chin. */
  nose: number;
  mouth: number;
  chin: number;
  /** Torso: from the shoulders up to the chin. */
  neck: number;
}

export type Draw = (paint: Paint, measures: Measures) => string;

export const GOLD: Rgb = [222, 176, 58];
export const SILVER: Rgb = [196, 202, 210];
export const STEEL: Rgb = [150, 158, 170];
export const SKIN_SHADOW: Rgb = [60, 40, 30];

/** A fill lit from the top left: lighter at the top, darker at the bottom. Returns the defs and the fill reference. */
function lit(id: string, colour: Rgb, spread = 0.35, vertical = true): [string, string] {
  const [x2, y2] = vertical ? ['0.3', '1'] : ['1', '0.2'];
  const defs = `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${css(mix(colour, WHITE, spread))}"/><stop offset="0.55" stop-color="${css(colour)}"/><stop offset="1" stop-color="${css(mix(colour, BLACK, spread + 0.1))}"/></linearGradient>`;
  return [defs, `url(#${id})`];
}

/** Polished metal: bands of light and dark across the shape. */
function metal(id: string, colour: Rgb): [string, string] {
  const stops = [0, 0.25, 0.45, 0.6, 1].map(
    (offset, index) =>
      `<stop offset="${offset}" stop-color="${css(mix(colour, index % 2 === 1 ? WHITE : BLACK, index % 2 === 1 ? 0.55 : 0.3))}"/>`,
  );
  return [`<linearGradient id="${id}" x1="0" y1="0" x2="0.4" y2="1">${stops.join('')}</linearGradient>`, `url(#${id})`];
}

function shape(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function outline(colour: Rgb, width: number): string {
  return ` stroke="${css(mix(colour, BLACK, 0.55))}" stroke-width="${n(width)}" stroke-linejoin="round"`;
}

function dot(x: number, y: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, colour: Rgb, width: number, opacity = 1): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${css(colour)}" stroke-width="${n(width)}" stroke-linecap="round" stroke-opacity="${opacity}"/>`;
}

/** A glint of light on a shiny surface. */
function glint(x: number, y: number, rx: number, ry: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff" fill-opacity="0.55"/>`;
}

function mirrored(markup: string): string {
  return `${markup}<g transform="scale(-1 1)">${markup}</g>`;
}

// ── Head: origin at the top of the head, x ±50 across it, the hairline at y = brow ──

export const crown: Draw = ({ id, main, accent }, { brow }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  const base = brow * 0.95;
  const points: string[] = [`M-46 ${n(base)}`];
  for (let index = 0; index <= 8; index += 1)
    points.push(`L${n(-46 + index * 11.5)} ${n(index % 2 === 0 ? base - 42 : base - 20)}`);
  const jewels = [-23, 0, 23]
    .map(
      (x, index) =>
        dot(
          x,
          base - 10,
          index === 1 ? 6 : 4.5,
          css(index === 1 ? accent : mix(accent, [40, 90, 220], 0.6)),
          outline(GOLD, 1),
        ) + glint(x - 1.5, base - 12, 1.6, 1),
    )
    .join('');
  const tips = [-46, -23, 0, 23, 46].map((x) => dot(x, base - 44, 3.4, '#fff8e0')).join('');
  return `<defs>${defs}</defs>${shape(`${points.join(' ')} L46 ${n(base)} Z`, fill, outline(main, 1.2))}${shape(`M-47 ${n(base - 14)} L47 ${n(base - 14)} L47 ${n(base + 2)} Q0 ${n(base + 8)} -47 ${n(base + 2)} Z`, fill, outline(main, 1))}${jewels}${tips}`;
};

export const tiara: Draw = ({ id, main, accent }, { brow }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  const base = brow * 0.85;
  const pearls = Array.from({ length: 9 }, (_, index) => {
    const t = (index - 4) / 4;
    return dot(t * 36, base - 8 - 16 * (1 - t * t), 2.6, '#fffaf0', outline(WHITE, 0.5));
  }).join('');
  return `<defs>${defs}</defs>${shape(`M-42 ${n(base)} Q0 ${n(base - 14)} 42 ${n(base)} L38 ${n(base + 4)} Q0 ${n(base - 8)} -38 ${n(base + 4)} Z`, fill)}${shape(`M-10 ${n(base - 8)} L0 ${n(base - 34)} L10 ${n(base - 8)} Z`, fill)}${dot(0, base - 16, 5, css(accent))}${glint(-1.5, base - 18, 1.6, 1)}${pearls}`;
};

export type HelmetKind = 'dome' | 'horned' | 'crest' | 'brimmed' | 'winged';

export function helmet(kind: HelmetKind): Draw {
  return ({ id, main, accent }, { brow }) => {
    const [defs, fill] = metal(`${id}-m`, main);
    const rim = brow + 6;
    let extras = '';
    if (kind === 'horned') {
      const [hornDefs, hornFill] = lit(`${id}-h`, [236, 226, 200], 0.2, false);
      extras = `<defs>${hornDefs}</defs>${mirrored(shape(`M40 ${n(rim - 22)} C62 ${n(rim - 26)} 76 ${n(rim - 50)} 70 ${n(rim - 82)} C66 ${n(rim - 58)} 56 ${n(rim - 44)} 42 ${n(rim - 38)} Z`, hornFill, outline([200, 180, 140], 1)))}`;
    } else if (kind === 'crest') {
      const [crestDefs, crestFill] = lit(`${id}-c`, accent, 0.3);
      extras = `<defs>${crestDefs}</defs>${shape(`M-44 ${n(rim - 40)} Q0 -60 44 ${n(rim - 40)} Q0 -34 -44 ${n(rim - 40)} Z`, crestFill)}`;
    } else if (kind === 'brimmed') {
      extras = shape(
        `M-70 ${n(rim)} Q0 ${n(rim - 18)} 70 ${n(rim)} Q72 ${n(rim + 10)} 40 ${n(rim + 6)} L-40 ${n(rim + 6)} Q-72 ${n(rim + 10)} -70 ${n(rim)} Z`,
        fill,
        outline(main, 1),
      );
    } else if (kind === 'winged') {
      extras = mirrored(
        shape(
          `M46 ${n(rim - 20)} Q70 ${n(rim - 40)} 80 ${n(rim - 70)} Q66 ${n(rim - 44)} 48 ${n(rim - 34)} Z`,
          css(mix(main, WHITE, 0.5)),
          outline(main, 1),
        ),
      );
    }
    const dome = `M-54 ${n(rim)} C-56 ${n(rim - 50)} -34 -8 0 -8 C34 -8 56 ${n(rim - 50)} 54 ${n(rim)} Q0 ${n(rim - 10)} -54 ${n(rim)} Z`;
    const band = `M-55 ${n(rim - 9)} Q0 ${n(rim - 19)} 55 ${n(rim - 9)} L55 ${n(rim + 1)} Q0 ${n(rim - 9)} -55 ${n(rim + 1)} Z`;
    const rivets = [-40, -20, 0, 20, 40]
      .map((x) => dot(x, rim - 8 - 4 * (1 - (x / 40) ** 2), 2, css(mix(main, WHITE, 0.6))))
      .join('');
    return `<defs>${defs}</defs>${extras}${shape(dome, fill, outline(main, 1.3))}${shape(band, fill, outline(main, 1))}${rivets}${glint(-22, rim * 0.35, 8, 4)}`;
  };
}

/** The room a hat's top keeps from the picture's top edge (head units). */
const HAT_CLEARANCE = 14;
/** How much taller a toque grows where the picture has room above the head. */
const TOQUE_RISE = 60;
/** How far each hat rises above its rim (head units); the toque and the cone fit the room by themselves. */
const HAT_RISE: Readonly<Record<Exclude<HatKind, 'toque' | 'cone'>, number>> = {
  top: 118,
  cowboy: 64,
  brim: 54,
  cap: 60,
  beanie: 70,
  beret: 66,
  tricorn: 90,
  santa: 90,
  party: 121,
};
/** A hat taller than the room above the head is lowered towards its rim, at most to this share of its height: a squat hat reads, a cut one less so. */
const HAT_MIN_SQUASH = 0.6;
/** The smallest a party hat is drawn where the picture has little room above the head. */
const PARTY_HAT_LEAST_SCALE = 0.45;

export type HatKind =
  'top' | 'cone' | 'cowboy' | 'brim' | 'cap' | 'beanie' | 'beret' | 'toque' | 'tricorn' | 'santa' | 'party';

/** How far a wizard's cone rises above its rim where the picture has room for it. */
const CONE_RISE = 160;

/**
 * A wizard's cone in `room` units above its rim: straight where it fits; else its crown rises as far as
 * the room allows and the rest of its length folds over to the side and droops, as a soft hat's tip does.
 */
function cone(room: number, rim: number, fill: string, main: Rgb, accent: Rgb): string {
  const stars = (top: number) =>
    `${dot(-10, rim + 0.375 * (top - rim), 4, css(accent))}${dot(12, rim + 0.21 * (top - rim), 3, css(accent))}`;
  if (room >= CONE_RISE) {
    const top = rim - CONE_RISE;
    return `${shape(`M-46 ${n(rim)} Q-10 ${n(rim - 80)} 22 ${n(top)} Q12 ${n(rim - 70)} 46 ${n(rim)} Z`, fill, outline(main, 1))}${stars(top)}`;
  }
  // Its crown covers the top of the head at least.
  const rise = Math.max(room, rim);
  const top = rim - rise;
  // What the crown could not rise hangs from the bend, out past the side of the head and down.
  const fold = Math.min(90, CONE_RISE - rise);
  const [tipX, tipY] = [40 + 0.75 * fold, top + 18 + 0.55 * fold];
  const d = [
    `M-46 ${n(rim)}`,
    `C-42 ${n(rim - 0.65 * rise)} -18 ${n(top)} 8 ${n(top)}`,
    `C34 ${n(top)} ${n(tipX - 0.3 * fold)} ${n(top + 2)} ${n(tipX)} ${n(tipY)}`,
    // Back under the fold, a band's width below its top edge, and down the crown's right side.
    `C${n(tipX - 0.3 * fold - 4)} ${n(top + 16)} 40 ${n(top + 14)} 30 ${n(top + 18)}`,
    `Q40 ${n(rim - 0.3 * rise)} 46 ${n(rim)} Z`,
  ].join(' ');
  return `${shape(d, fill, outline(main, 1))}${stars(top)}${dot(tipX, tipY, 5, css(accent))}`;
}

export function hat(kind: HatKind): Draw {
  return ({ id, main, accent }, { brow, headroom }) => {
    const [defs, fill] = lit(`${id}-l`, main);
    const rim = brow * 0.8;
    /** The room above the rim, up to the picture's top edge less the clearance. */
    const room = rim + headroom - HAT_CLEARANCE;
    const band = (height: number) =>
      shape(`M-46 ${n(rim - height)} L46 ${n(rim - height)} L46 ${n(rim)} L-46 ${n(rim)} Z`, css(accent));
    const brim = (reach: number, lift: number) =>
      shape(
        `M${-reach} ${n(rim - lift)} Q0 ${n(rim + 14)} ${reach} ${n(rim - lift)} Q${reach - 8} ${n(rim + 8)} 0 ${n(rim + 10)} Q${-reach + 8} ${n(rim + 8)} ${-reach} ${n(rim - lift)} Z`,
        fill,
        outline(main, 1),
      );
    let body = '';
    switch (kind) {
      case 'top':
        body = `${shape(`M-40 ${n(rim)} L-44 ${n(rim - 110)} Q0 ${n(rim - 118)} 44 ${n(rim - 110)} L40 ${n(rim)} Z`, fill, outline(main, 1))}${band(14)}${brim(72, 2)}`;
        break;
      case 'cone':
        body = `${cone(room, rim, fill, main, accent)}${brim(96, 8)}`;
        break;
      case 'cowboy':
        body = `${shape(`M-44 ${n(rim)} Q-48 ${n(rim - 64)} -16 ${n(rim - 58)} Q0 ${n(rim - 44)} 16 ${n(rim - 58)} Q48 ${n(rim - 64)} 44 ${n(rim)} Z`, fill, outline(main, 1))}${band(10)}${shape(`M-100 ${n(rim - 26)} Q-70 ${n(rim + 10)} 0 ${n(rim + 8)} Q70 ${n(rim + 10)} 100 ${n(rim - 26)} Q80 ${n(rim + 22)} 0 ${n(rim + 20)} Q-80 ${n(rim + 22)} -100 ${n(rim - 26)} Z`, fill, outline(main, 1))}`;
        break;
      case 'brim':
        body = `${shape(`M-42 ${n(rim)} Q-44 ${n(rim - 52)} 0 ${n(rim - 54)} Q44 ${n(rim - 52)} 42 ${n(rim)} Z`, fill, outline(main, 1))}${band(12)}${brim(88, 4)}`;
        break;
      case 'cap':
        body = `${shape(`M-50 ${n(rim + 4)} C-52 ${n(rim - 60)} 52 ${n(rim - 60)} 50 ${n(rim + 4)} Z`, fill, outline(main, 1))}${shape(`M-46 ${n(rim + 2)} Q0 ${n(rim - 6)} 46 ${n(rim + 2)} Q20 ${n(rim + 34)} -30 ${n(rim + 22)} Z`, css(mix(main, BLACK, 0.25)))}${dot(0, rim - 46, 4, css(accent))}`;
        break;
      case 'beanie':
        body = `${shape(`M-50 ${n(rim + 6)} C-54 ${n(rim - 66)} 54 ${n(rim - 66)} 50 ${n(rim + 6)} Z`, fill, outline(main, 1))}${shape(`M-52 ${n(rim - 14)} Q0 ${n(rim - 24)} 52 ${n(rim - 14)} L52 ${n(rim + 8)} Q0 ${n(rim - 2)} -52 ${n(rim + 8)} Z`, css(mix(main, BLACK, 0.2)))}${dot(0, rim - 58, 12, css(accent))}`;
        break;
      case 'beret':
        body = `${shape(`M-52 ${n(rim)} C-70 ${n(rim - 50)} 40 ${n(rim - 66)} 66 ${n(rim - 22)} Q40 ${n(rim - 2)} -52 ${n(rim)} Z`, fill, outline(main, 1))}${line(4, rim - 48, 6, rim - 58, mix(main, BLACK, 0.4), 3)}`;
        break;
      case 'toque': {
        // Its band on the hairline; its puffed top as tall above the hair as the picture has room
        // for, so that a portrait framed close above the head still shows the whole hat.
        const band = brow + 6;
        const rise = Math.max(0, Math.min(TOQUE_RISE, headroom - HAT_CLEARANCE));
        const pleats = [-30, -15, 0, 15, 30]
          .map((x) => line(x * 0.95, band - 14, x, 18 - rise, mix(main, BLACK, 0.18), 2, 0.8))
          .join('');
        const puff =
          'M-50 28 C-68 22 -64 4 -46 6 C-44 -2 -24 -4 -16 2 C-8 -5 10 -5 16 2 C24 -4 44 -2 46 6 C64 4 68 22 50 28 Z';
        const creases =
          '<path d="M-16 2 Q-20 14 -14 24 M16 2 Q20 14 14 24 M-46 6 Q-40 16 -36 26 M46 6 Q40 16 36 26" fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="2.5"/>';
        const top = `<g transform="translate(0 ${n(-rise)})">${shape(puff, fill, outline(main, 0.9))}${creases}</g>`;
        body = `${shape(`M-44 ${n(band)} L-48 ${n(24 - rise)} L48 ${n(24 - rise)} L44 ${n(band)} Z`, fill, outline(main, 0.9))}${pleats}${top}${shape(`M-46 ${n(band - 14)} L46 ${n(band - 14)} L46 ${n(band)} Q0 ${n(band + 5)} -46 ${n(band)} Z`, fill, outline(main, 0.9))}`;
        break;
      }
      case 'tricorn':
        body = `${shape(`M-90 ${n(rim - 40)} Q0 ${n(rim - 90)} 90 ${n(rim - 40)} Q40 ${n(rim + 14)} 0 ${n(rim + 18)} Q-40 ${n(rim + 14)} -90 ${n(rim - 40)} Z`, fill, outline(main, 1.2))}${shape(`M-84 ${n(rim - 40)} Q0 ${n(rim - 84)} 84 ${n(rim - 40)}`, 'none', ` stroke="${css(accent)}" stroke-width="4"`)}${shape(`M-8 ${n(rim - 30)} l8 -8 l8 8 l-8 8 Z`, css(WHITE))}`;
        break;
      case 'santa':
        body = `${shape(`M-48 ${n(rim)} Q-30 ${n(rim - 90)} 60 ${n(rim - 60)} Q30 ${n(rim - 50)} 48 ${n(rim)} Z`, fill, outline(main, 1))}${dot(62, rim - 58, 12, '#ffffff', outline(WHITE, 0.5))}${shape(`M-54 ${n(rim - 10)} Q0 ${n(rim - 22)} 54 ${n(rim - 10)} L54 ${n(rim + 10)} Q0 ${n(rim - 2)} -54 ${n(rim + 10)} Z`, '#fbfbfb')}`;
        break;
      case 'party':
        body = `${shape(`M-30 ${n(rim)} L6 ${n(rim - 110)} L34 ${n(rim)} Z`, fill, outline(main, 1))}${line(-18, rim - 30, 24, rim - 44, accent, 5)}${line(-8, rim - 64, 16, rim - 72, accent, 5)}${dot(6, rim - 112, 9, css(accent))}`;
        break;
    }
    if (kind === 'toque' || kind === 'cone') return `<defs>${defs}</defs>${body}`;
    const fit = room / HAT_RISE[kind];
    // A party hat is small on the head anyway: it shrinks whole, where the others squat.
    const shrink = Math.max(PARTY_HAT_LEAST_SCALE, fit);
    const [across, up] = kind === 'party' ? [shrink, shrink] : [1, Math.max(HAT_MIN_SQUASH, fit)];
    if (up >= 1) return `<defs>${defs}</defs>${body}`;
    return `<defs>${defs}</defs><g transform="translate(0 ${n(rim)}) scale(${across.toFixed(3)} ${up.toFixed(3)}) translate(0 ${n(-rim)})">${body}</g>`;
  };
}

export const halo: Draw = ({ main }) =>
  `<ellipse cx="0" cy="-26" rx="44" ry="11" fill="none" stroke="${css(mix(main, WHITE, 0.4))}" stroke-width="14" stroke-opacity="0.25"/><ellipse cx="0" cy="-26" rx="44" ry="11" fill="none" stroke="${css(mix(main, WHITE, 0.3))}" stroke-width="5"/>`;

export const horns: Draw = ({ id, main }, { brow }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
  return `<defs>${defs}</defs>${mirrored(shape(`M18 ${n(brow * 0.5)} C26 ${n(brow * 0.2)} 44 -20 30 -46 C52 -24 44 ${n(brow * 0.3)} 34 ${n(brow * 0.6)} Z`, fill, outline(main, 1)))}`;
};

export const animalEars: Draw = ({ id, main, accent }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return `<defs>${defs}</defs>${mirrored(`${shape('M14 6 L40 -44 L50 14 Z', fill, outline(main, 1))}${shape('M22 4 L38 -28 L44 8 Z', css(accent))}`)}`;
};

export function wreath(flowers: boolean): Draw {
  return ({ main, accent }, { brow }) => {
    const base = brow * 0.8;
    const leaves = Array.from({ length: 14 }, (_, index) => {
      const t = (index - 6.5) / 6.5;
      const x = t * 52;
      const y = base - 10 * (1 - t * t);
      const leaf = `<ellipse cx="${n(x)}" cy="${n(y)}" rx="9" ry="4" transform="rotate(${n(t * 40 + (index % 2 === 0 ? 30 : -30))} ${n(x)} ${n(y)})" fill="${css(index % 2 === 0 ? main : mix(main, BLACK, 0.2))}"/>`;
      return flowers && index % 2 === 0
        ? `${leaf}${dot(x, y - 3, 6, css(index % 4 === 0 ? accent : [250, 210, 230]))}${dot(x, y - 3, 2.2, '#ffd84a')}`
        : leaf;
    });
    return leaves.join('');
  };
}

/** A hood or headdress around the head: drawn behind the person, it shows around the hair. */
export function hood(striped: boolean): Draw {
  return ({ id, main, accent }, { brow }) => {
    const [defs, fill] = lit(`${id}-l`, main);
    const stripes = striped
      ? Array.from({ length: 8 }, (_, index) =>
          line(-80 + index * 22, brow, -70 + index * 20, brow + 220, accent, 7, 0.9),
        ).join('')
      : '';
    return `<defs>${defs}<clipPath id="${id}-c"><path d="M-72 ${n(brow + 220)} C-82 ${n(brow)} -70 -24 0 -26 C70 -24 82 ${n(brow)} 72 ${n(brow + 220)} Z"/></clipPath></defs><g clip-path="url(#${id}-c)"><rect x="-90" y="-30" width="180" height="${n(brow + 260)}" fill="${fill}"/>${stripes}</g>`;
  };
}

/** A bride's veil: sheer tulle from the crown of the head down past the shoulders, behind the person. */
export const veil: Draw = ({ main }, { brow }) => {
  const folds = [-60, -30, 30, 60]
    .map((x) => line(x * 0.4, brow * 0.4, x * 1.3, brow + 300, mix(main, BLACK, 0.12), 6, 0.5))
    .join('');
  return `<path d="M-30 ${n(brow * 0.3)} Q0 ${n(brow * 0.1)} 30 ${n(brow * 0.3)} Q96 ${n(brow + 60)} 110 ${n(brow + 320)} L-110 ${n(brow + 320)} Q-96 ${n(brow + 60)} -30 ${n(brow * 0.3)} Z" fill="${css(main)}" fill-opacity="0.6"/>${folds}`;
};

/** A band tied across the forehead (ninja, bandana). */
export const headband: Draw = ({ id, main }, { brow }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return `<defs>${defs}</defs>${shape(`M-54 ${n(brow - 6)} Q0 ${n(brow - 16)} 54 ${n(brow - 6)} L54 ${n(brow + 10)} Q0 ${n(brow)} -54 ${n(brow + 10)} Z`, fill)}${shape(`M50 ${n(brow)} Q72 ${n(brow + 6)} 80 ${n(brow + 30)} L70 ${n(brow + 32)} Q64 ${n(brow + 14)} 48 ${n(brow + 8)} Z`, fill)}`;
};

export const headphones: Draw = ({ id, main, accent }, { brow }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return `<defs>${defs}</defs><path d="M-54 ${n(brow + 40)} C-60 -20 60 -20 54 ${n(brow + 40)}" fill="none" stroke="${css(mix(main, BLACK, 0.3))}" stroke-width="8"/>${mirrored(`<rect x="46" y="${n(brow + 30)}" width="18" height="40" rx="8" fill="${fill}"/><rect x="42" y="${n(brow + 34)}" width="8" height="32" rx="3" fill="${css(accent)}"/>`)}`;
};

export const antenna: Draw = ({ main, accent }) =>
  `${line(0, 2, 0, -34, main, 4)}${dot(0, -38, 7, css(accent))}${glint(-2, -40, 2, 1.4)}`;

/** Bubble helmet of a space suit: a glass dome around the whole head. */
export const spaceHelmet: Draw = ({ id, main }, { brow }) => {
  const cy = brow + 55;
  return `<defs><radialGradient id="${id}-g" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#bfe3ff" stop-opacity="0.08"/><stop offset="1" stop-color="#9fc7ee" stop-opacity="0.35"/></radialGradient></defs><ellipse cx="0" cy="${n(cy)}" rx="92" ry="100" fill="url(#${id}-g)" stroke="${css(main)}" stroke-width="5"/><path d="M-60 ${n(cy - 60)} Q-40 ${n(cy - 86)} 0 ${n(cy - 92)}" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="5" stroke-linecap="round"/><rect x="-70" y="${n(cy + 88)}" width="140" height="22" rx="8" fill="${css(mix(main, BLACK, 0.15))}"/>`;
};

/** A thought bubble beside the head (above it there is often no room in a portrait). */
export const thoughtBubble: Draw = () =>
  `${dot(62, 64, 6, '#fff', outline(WHITE, 1))}${dot(82, 46, 10, '#fff', outline(WHITE, 1))}<ellipse cx="136" cy="20" rx="46" ry="32" fill="#fff" stroke="#999" stroke-width="1.5"/>${[-18, 0, 18].map((x) => dot(136 + x, 20, 4.5, '#777')).join('')}`;

export const sleepLetters: Draw = ({ main }) =>
  [0, 1, 2]
    .map((index) => {
      const size = 12 + index * 7;
      const x = 58 + index * 22;
      const y = 60 - index * 30;
      return `<path d="M${x} ${y} h${size} l${-size} ${size} h${size}" fill="none" stroke="${css(main)}" stroke-width="${n(3 + index)}" stroke-linejoin="round" stroke-linecap="round"/>`;
    })
    .join('');

// ── Face: origin between the eyes, eyes at x = ±50, nose, mouth and chin at their heights ──

export type GlassesKind = 'round' | 'square' | 'sun' | 'goggles' | 'monocle';

export function glasses(kind: GlassesKind): Draw {
  return ({ id, main, accent }) => {
    const dark = kind === 'sun' || kind === 'goggles';
    const lens = `<defs><linearGradient id="${id}-lens" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${dark ? css(mix(accent, BLACK, 0.3)) : '#ffffff'}" stop-opacity="${dark ? 0.92 : 0.18}"/><stop offset="1" stop-color="${dark ? css(mix(accent, BLACK, 0.75)) : '#cfe6ff'}" stop-opacity="${dark ? 0.95 : 0.1}"/></linearGradient></defs>`;
    const frame = ` stroke="${css(main)}" stroke-width="${kind === 'goggles' ? 9 : 5}"`;
    const rim = (x: number) =>
      kind === 'square' || kind === 'sun'
        ? `<rect x="${x - 36}" y="-24" width="72" height="${kind === 'sun' ? 50 : 44}" rx="${kind === 'sun' ? 18 : 9}" fill="url(#${id}-lens)"${frame}/>`
        : `<circle cx="${x}" cy="2" r="${kind === 'goggles' ? 36 : 32}" fill="url(#${id}-lens)"${frame}/>`;
    if (kind === 'monocle')
      return `${lens}${rim(50)}${glint(38, -12, 8, 4)}<path d="M82 2 Q96 60 60 120" fill="none" stroke="${css(GOLD)}" stroke-width="2"/>`;
    const strap =
      kind === 'goggles'
        ? line(-140, 0, 140, 0, mix(main, BLACK, 0.3), 12)
        : `${line(-84, -6, -124, -2, main, 5)}${line(84, -6, 124, -2, main, 5)}`;
    return `${lens}${strap}${rim(-50)}${rim(50)}<path d="M-16 -4 Q0 -16 16 -4" fill="none"${frame}/>${glint(-62, -10, 10, 5)}${glint(38, -10, 10, 5)}`;
  };
}

/** A domino mask over both eyes, with holes to see through. */
export const eyeMask: Draw = ({ id, main }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  const outer = 'M-112 -8 C-100 -44 -30 -40 0 -20 C30 -40 100 -44 112 -8 C104 30 40 38 0 14 C-40 38 -104 30 -112 -8 Z';
  const holes = 'M-74 2 C-66 -20 -34 -20 -26 2 C-34 16 -66 16 -74 2 Z M26 2 C34 -20 66 -20 74 2 C66 16 34 16 26 2 Z';
  return `<defs>${defs}</defs><path d="${outer} ${holes}" fill="${fill}" fill-rule="evenodd" stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="2"/>`;
};

export const sleepMask: Draw = ({ id, main, accent }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return `<defs>${defs}</defs><path d="M-100 -10 C-96 -46 96 -46 100 -10 C96 34 8 40 0 20 C-8 40 -96 34 -100 -10 Z" fill="${fill}"/>${line(-100, -8, -150, -14, main, 5)}${line(100, -8, 150, -14, main, 5)}${mirrored(`<path d="M30 6 Q50 20 70 6" fill="none" stroke="${css(accent)}" stroke-width="4" stroke-linecap="round"/>`)}`;
};

export function glowingEyes(): Draw {
  return ({ id, main }) =>
    `<defs><radialGradient id="${id}-g"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.3" stop-color="${css(main)}" stop-opacity="0.95"/><stop offset="1" stop-color="${css(main)}" stop-opacity="0"/></radialGradient></defs>${dot(-50, 0, 30, `url(#${id}-g)`)}${dot(50, 0, 30, `url(#${id}-g)`)}`;
}

/** A metal band across the eyes with a glowing slit (robot, cyborg). */
export function visor(half: boolean): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = metal(`${id}-m`, main);
    const slit = `<rect x="${half ? 20 : -90}" y="-6" width="${half ? 70 : 180}" height="12" rx="6" fill="${css(accent)}"/><rect x="${half ? 20 : -90}" y="-14" width="${half ? 70 : 180}" height="28" rx="12" fill="${css(accent)}" fill-opacity="0.25"/>`;
    const plate = half ? `M10 -40 L110 -36 L118 60 L40 70 Z` : 'M-118 -30 Q0 -44 118 -30 L114 30 Q0 40 -114 30 Z';
    const bolts = half
      ? [
          [24, -26],
          [100, -24],
          [104, 50],
          [50, 56],
        ]
          .map(([x = 0, y = 0]) => dot(x, y, 3, css(mix(main, WHITE, 0.5))))
          .join('')
      : '';
    return `<defs>${defs}</defs>${shape(plate, fill, outline(main, 1.5))}${bolts}${slit}`;
  };
}

/** Cloth over the nose, mouth and chin (ninja, bandit). */
export const lowerMask: Draw = ({ id, main }, { nose, chin }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return `<defs>${defs}</defs>${shape(`M-104 ${n(nose * 0.75)} Q0 ${n(nose * 0.55)} 104 ${n(nose * 0.75)} Q110 ${n(chin + 40)} 0 ${n(chin + 50)} Q-110 ${n(chin + 40)} -104 ${n(nose * 0.75)} Z`, fill)}<path d="M-60 ${n(nose + 30)} Q0 ${n(nose + 50)} 60 ${n(nose + 30)}" fill="none" stroke="${css(mix(main, BLACK, 0.4))}" stroke-width="3"/>`;
};

export const moustache: Draw = ({ id, main }, { nose, mouth }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.25);
  const y = (nose + mouth) / 2;
  return `<defs>${defs}</defs>${mirrored(shape(`M0 ${n(y - 6)} C20 ${n(y - 16)} 46 ${n(y - 10)} 64 ${n(y - 24)} C60 ${n(y + 4)} 30 ${n(y + 12)} 0 ${n(y + 4)} Z`, fill))}`;
};

export const beard: Draw = ({ id, main }, { mouth, chin }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.25);
  const strands = Array.from({ length: 9 }, (_, index) =>
    line(-40 + index * 10, chin, -34 + index * 8.5, chin + 110, mix(main, BLACK, 0.3), 2, 0.6),
  ).join('');
  return `<defs>${defs}</defs>${shape(`M-88 ${n(mouth - 40)} Q-84 ${n(chin)} -30 ${n(chin + 90)} Q0 ${n(chin + 150)} 30 ${n(chin + 90)} Q84 ${n(chin)} 88 ${n(mouth - 40)} Q60 ${n(mouth + 30)} 0 ${n(mouth + 26)} Q-60 ${n(mouth + 30)} -88 ${n(mouth - 40)} Z`, fill)}${strands}`;
};

export const redNose: Draw = ({ id }, { nose }) =>
  `<defs><radialGradient id="${id}-n" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#ff8f8f"/><stop offset="0.5" stop-color="#e0161e"/><stop offset="1" stop-color="#7a0006"/></radialGradient></defs>${dot(0, nose, 24, `url(#${id}-n)`)}${glint(-8, nose - 9, 6, 3.5)}`;

export const fangs: Draw = (_paint, { mouth }) =>
  mirrored(
    shape(`M10 ${n(mouth)} L22 ${n(mouth)} L16 ${n(mouth + 22)} Z`, '#fbfbf2', ' stroke="#aaa" stroke-width="1"'),
  );

/** Colour laid over the face (zombie green, ghost white, clown white with red cheeks): clipped to the person. */
export function facePaint(opacity: number, cheeks: boolean): Draw {
  return ({ id, main, accent }, { chin }) => {
    const cy = chin * 0.35;
    const paint = `<defs><radialGradient id="${id}-f"><stop offset="0" stop-color="${css(main)}" stop-opacity="${opacity}"/><stop offset="0.75" stop-color="${css(main)}" stop-opacity="${opacity * 0.85}"/><stop offset="1" stop-color="${css(main)}" stop-opacity="0"/></radialGradient></defs><ellipse cx="0" cy="${n(cy)}" rx="125" ry="${n(chin * 0.95 + 30)}" fill="url(#${id}-f)"/>`;
    const rosy = cheeks
      ? mirrored(dot(62, chin * 0.5, 20, css(accent), ' fill-opacity="0.7"'))
      : mirrored(`<ellipse cx="50" cy="14" rx="32" ry="16" fill="${css(accent)}" fill-opacity="0.45"/>`);
    return paint + rosy;
  };
}

/** Linen strips across the face, the eyes left free (mummy). */
export const bandages: Draw = ({ main }, { chin }) => {
  const strips = Array.from({ length: 9 }, (_, index) => {
    const y = -100 + index * ((chin + 160) / 8);
    if (Math.abs(y) < 18) return '';
    const tilt = (index % 2 === 0 ? 1 : -1) * 8;
    return `<rect x="-150" y="${n(y - 10)}" width="300" height="20" fill="${css(mix(main, BLACK, index % 3 === 0 ? 0.12 : 0))}" fill-opacity="0.9" transform="rotate(${tilt} 0 ${n(y)})" stroke="${css(mix(main, BLACK, 0.3))}" stroke-width="1.5"/>`;
  });
  return strips.join('');
};

export const wrinkles: Draw = (_paint, { nose }) => {
  const colour = [90, 60, 50] as const;
  const forehead = [-60, -75, -90]
    .map(
      (y) =>
        `<path d="M-60 ${y} Q0 ${y - 8} 60 ${y}" fill="none" stroke="${css(colour)}" stroke-opacity="0.35" stroke-width="2.5"/>`,
    )
    .join('');
  const corners = mirrored(
    [-6, 4, 14]
      .map((dy) => `<path d="M84 ${dy} l18 ${dy / 2}" stroke="${css(colour)}" stroke-opacity="0.35" stroke-width="2"/>`)
      .join(''),
  );
  const folds = mirrored(
    `<path d="M34 ${n(nose)} Q50 ${n(nose + 40)} 44 ${n(nose + 70)}" fill="none" stroke="${css(colour)}" stroke-opacity="0.35" stroke-width="3"/>`,
  );
  return forehead + corners + folds;
};

/** One eye closed: a lid in the skin's shadow and lashes. */
export const wink: Draw = ({ accent }) =>
  `<ellipse cx="50" cy="0" rx="30" ry="17" fill="${css(accent)}" fill-opacity="0.92"/><path d="M22 2 Q50 18 78 2" fill="none" stroke="#2a1a14" stroke-width="4" stroke-linecap="round"/>${[34, 50, 66].map((x) => line(x, 10, x + (x - 50) * 0.2, 20, [42, 26, 20], 2.5)).join('')}`;

/** Pointed ears beside the face (elf): drawn at eye height, outside the cheeks. */
export const pointedEars: Draw = ({ id, main }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.2, false);
  return `<defs>${defs}</defs>${mirrored(shape('M104 30 Q120 -10 170 -70 Q150 0 128 50 Q112 62 104 30 Z', fill, ` stroke="${css(mix(main, BLACK, 0.35))}" stroke-width="2"`))}`;
};

// ── Torso: origin between the shoulders (x = ±50), the chin `neck` units above ──

/** Where a collar sits: between the shoulders and the chin, never far above the shoulders. */
function collarLine(neck: number): number {
  return -Math.min(neck * 0.45, 20);
}

export type Neckwear = 'tie' | 'bow' | 'none';

/** A tailored jacket: the body in the jacket's colour, lapels down to a V, the shirt and its neckwear inside. */
export function jacket(neckwear: Neckwear, shirt: Rgb = [246, 246, 242], satin = false): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.22, false);
    const collar = collarLine(neck);
    const vDepth = 95;
    const lapel = satin ? css(mix(main, WHITE, 0.12)) : css(mix(main, BLACK, 0.12));
    const body = `M-140 ${n(collar - 10)} L140 ${n(collar - 10)} L150 320 L-150 320 Z`;
    const shirtShape = `M-16 ${n(collar - 4)} L16 ${n(collar - 4)} L24 ${n(collar + 8)} L0 ${vDepth} L-24 ${n(collar + 8)} Z`;
    const lapels = mirrored(
      shape(
        `M14 ${n(collar - 6)} L34 ${n(collar + 12)} L26 ${n(collar + 30)} L40 ${n(collar + 42)} L2 ${vDepth + 4} L22 ${n(collar + 10)} Z`,
        lapel,
        ` stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="1.2"`,
      ),
    );
    const shirtCollar = mirrored(
      shape(
        `M1 ${n(collar - 6)} L16 ${n(collar - 8)} L24 ${n(collar + 12)} L6 ${n(collar + 8)} Z`,
        css(shirt),
        ' stroke="#999" stroke-width="0.8"',
      ),
    );
    const tie = neckwearMarkup(neckwear, accent, collar, vDepth);
    const buttons = [vDepth + 20, vDepth + 50].map((y) => dot(4, y, 3.2, css(mix(main, BLACK, 0.45)))).join('');
    const seams = `<path d="M-58 ${n(collar)} Q-66 120 -70 320 M58 ${n(collar)} Q66 120 70 320" fill="none" stroke="${css(mix(main, BLACK, 0.35))}" stroke-width="1.5" stroke-opacity="0.6"/>`;
    return `<defs>${defs}</defs>${shape(body, fill)}${seams}${shape(shirtShape, css(shirt))}${shirtCollar}${tie}${lapels}${buttons}`;
  };
}

function neckwearMarkup(kind: Neckwear, colour: Rgb, collar: number, length: number): string {
  if (kind === 'tie') {
    return `${shape(`M-6 ${n(collar + 4)} L6 ${n(collar + 4)} L4 ${n(collar + 14)} L-4 ${n(collar + 14)} Z`, css(mix(colour, BLACK, 0.2)))}${shape(`M-4 ${n(collar + 14)} L4 ${n(collar + 14)} L9 ${n(length - 6)} L0 ${n(length + 4)} L-9 ${n(length - 6)} Z`, css(colour))}`;
  }
  if (kind === 'bow') {
    return `${shape(`M0 ${n(collar + 6)} L-20 ${n(collar - 4)} L-20 ${n(collar + 16)} Z M0 ${n(collar + 6)} L20 ${n(collar - 4)} L20 ${n(collar + 16)} Z`, css(colour), ` stroke="${css(mix(colour, BLACK, 0.4))}" stroke-width="1"`)}${dot(0, collar + 6, 4, css(mix(colour, BLACK, 0.2)))}`;
  }
  return '';
}

/** A tie or a bow tie alone, at the collar. */
export function neckwear(kind: Neckwear): Draw {
  return ({ main }, { neck }) => neckwearMarkup(kind, main, collarLine(neck), 95);
}

/** Straps over both shoulders (backpack, dungarees) or one across the chest (handbag). */
export function straps(across: boolean): Draw {
  return ({ id, main }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.2, false);
    const strap = (d: string) => shape(d, fill, outline(main, 1));
    return `<defs>${defs}</defs>${across ? strap('M-44 -8 L-30 -10 L70 240 L56 244 Z') : mirrored(strap('M22 -8 L36 -8 L40 240 L26 240 Z'))}`;
  };
}

export type Legwear = 'trousers' | 'shorts' | 'skirt';

/** Trousers, shorts or a skirt from the hips down: origin between the hips, x = ±50 at the hips. */
export function legwear(kind: Legwear): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.25, false);
    const length = kind === 'shorts' ? 120 : 420;
    const outlineShape =
      kind === 'skirt'
        ? `M-60 -10 L60 -10 L${n(90)} ${length} L-90 ${length} Z`
        : `M-60 -10 L60 -10 L64 ${length} L8 ${length} L0 40 L-8 ${length} L-64 ${length} Z`;
    return `<defs>${defs}</defs>${shape(outlineShape, fill)}<rect x="-60" y="-12" width="120" height="14" fill="${css(mix(accent, BLACK, 0.3))}"/>`;
  };
}

/** A shoe or boot at the ankle: origin at the ankle, 100 units the height of a face. */
export function shoe(boot: boolean): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const top = boot ? -90 : -14;
    return `<defs>${defs}</defs>${shape(`M-26 ${top} L22 ${top} L24 8 Q70 10 78 34 L-30 38 Z`, fill, outline(main, 1.5))}<rect x="-32" y="32" width="112" height="10" rx="4" fill="${css(accent)}"/>${glint(30, 14, 10, 3)}`;
  };
}

/** Grey hair: the hair above the hairline washed with grey (clipped to the person, it never leaves the head). */
export const greyHair: Draw = ({ main }, { brow }) =>
  `<ellipse cx="0" cy="${n(brow * 0.55)}" rx="66" ry="${n(brow * 0.75 + 8)}" fill="${css(main)}" fill-opacity="0.6"/><ellipse cx="-60" cy="${n(brow + 30)}" rx="16" ry="40" fill="${css(main)}" fill-opacity="0.5"/><ellipse cx="60" cy="${n(brow + 30)}" rx="16" ry="40" fill="${css(main)}" fill-opacity="0.5"/>`;

/** A speech bubble beside the head, with a few words or a sign. */
export function speech(text: string): Draw {
  return ({ main }) =>
    `<path d="M66 76 L92 52 Q60 48 60 16 Q60 -20 130 -20 Q200 -20 200 16 Q200 52 130 52 L110 52 Z" fill="#fff" stroke="${css(main)}" stroke-width="2.5"/><text x="130" y="26" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="${css(main)}">${text}</text>`;
}

/** Forearms folded across the chest, the hands at the ends. */
export const foldedArms: Draw = ({ main, accent }) =>
  `${shape('M-110 150 Q0 110 90 70 L104 96 Q10 142 -96 178 Z', css(main), outline(main, 1.5))}${shape('M110 150 Q0 120 -90 80 L-104 106 Q-10 150 96 178 Z', css(mix(main, WHITE, 0.12)), outline(main, 1.5))}${dot(100, 80, 16, css(accent))}${dot(-98, 92, 16, css(accent))}`;

export type Neckline = 'crew' | 'v' | 'scoop' | 'turtle' | 'wrap' | 'hood';
export type Pattern = 'plain' | 'stripes' | 'checks' | 'flowers' | 'dots' | 'sparkles' | 'quilted' | 'fur';

/** A top, dress or coat over the torso with its neckline and its pattern. */
export function garment(neckline: Neckline, pattern: Pattern): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.22, false);
    const collar = collarLine(neck);
    const top = collar - 10;
    const opening: Record<Neckline, string> = {
      crew: `M-140 ${n(top)} L-22 ${n(top)} Q0 ${n(collar + 14)} 22 ${n(top)} L140 ${n(top)} L150 320 L-150 320 Z`,
      v: `M-140 ${n(top)} L-24 ${n(top)} L0 ${n(collar + 60)} L24 ${n(top)} L140 ${n(top)} L150 320 L-150 320 Z`,
      scoop: `M-140 ${n(collar + 10)} L-34 ${n(collar + 10)} Q0 ${n(collar + 60)} 34 ${n(collar + 10)} L140 ${n(collar + 10)} L150 320 L-150 320 Z`,
      turtle: `M-140 ${n(top)} L-22 ${n(top)} L-20 ${n(-neck * 0.7)} Q0 ${n(-neck * 0.65)} 20 ${n(-neck * 0.7)} L22 ${n(top)} L140 ${n(top)} L150 320 L-150 320 Z`,
      wrap: `M-140 ${n(top)} L-22 ${n(top)} L30 150 L24 ${n(top)} L140 ${n(top)} L150 320 L-150 320 Z`,
      hood: `M-140 ${n(top)} L-30 ${n(top)} Q0 ${n(collar + 22)} 30 ${n(top)} L140 ${n(top)} L150 320 L-150 320 Z`,
    };
    const clip = `<clipPath id="${id}-c"><path d="${opening[neckline]}"/></clipPath>`;
    const extras: Record<Neckline, string> = {
      crew: `<path d="M-22 ${n(top)} Q0 ${n(collar + 14)} 22 ${n(top)}" fill="none" stroke="${css(mix(main, BLACK, 0.3))}" stroke-width="4"/>`,
      v: '',
      scoop: '',
      turtle: [0, 1, 2, 3]
        .map((index) =>
          line(-20, -neck * 0.6 + index * 8, 20, -neck * 0.6 + index * 8, mix(main, BLACK, 0.25), 1.5, 0.7),
        )
        .join(''),
      // The wrapped collar of a kimono: a band in the accent colour from each side of the neck crossing on the chest.
      wrap: `${shape(`M-24 ${n(top)} L-12 ${n(top)} L36 150 L26 154 Z`, css(accent))}${shape(`M12 ${n(top)} L24 ${n(top)} L-6 90 L-14 84 Z`, css(mix(accent, BLACK, 0.2)))}<rect x="-150" y="150" width="300" height="40" fill="${css(accent)}"/>`,
      // The hood lies on the shoulders at each side of the neck, no higher than the neckline: above it are the chin and mouth.
      hood: `${mirrored(shape(`M24 ${n(top + 4)} Q44 ${n(top - 2)} 72 ${n(top + 6)} Q64 ${n(top + 22)} 36 ${n(top + 20)} Z`, css(mix(main, BLACK, 0.2))))}${line(-12, collar + 6, -14, collar + 60, WHITE, 2.5)}${line(12, collar + 6, 14, collar + 60, WHITE, 2.5)}`,
    };
    return `<defs>${defs}${clip}</defs><g clip-path="url(#${id}-c)"><rect x="-160" y="${n(top - 80)}" width="320" height="420" fill="${fill}"/>${patternMarkup(pattern, accent, top)}</g>${extras[neckline]}`;
  };
}

function patternMarkup(pattern: Pattern, colour: Rgb, top: number): string {
  const rows = (step: number, draw: (y: number, index: number) => string) =>
    Array.from({ length: Math.ceil((340 - top) / step) }, (_, index) => draw(top + index * step, index)).join('');
  switch (pattern) {
    case 'stripes':
      return rows(18, (y) => `<rect x="-160" y="${n(y)}" width="320" height="8" fill="${css(colour)}"/>`);
    case 'checks':
      return (
        rows(
          24,
          (y) => `<rect x="-160" y="${n(y)}" width="320" height="9" fill="${css(colour)}" fill-opacity="0.45"/>`,
        ) +
        Array.from(
          { length: 14 },
          (_, index) =>
            `<rect x="${-160 + index * 24}" y="${n(top)}" width="9" height="400" fill="${css(colour)}" fill-opacity="0.45"/>`,
        ).join('')
      );
    case 'flowers':
      return rows(40, (y, row) =>
        Array.from({ length: 8 }, (_, index) => {
          const x = -150 + index * 42 + (row % 2) * 21;
          return `${[0, 72, 144, 216, 288].map((turn) => `<ellipse cx="${x}" cy="${n(y - 8)}" rx="8" ry="4" transform="rotate(${turn} ${x} ${n(y)})" fill="${css(colour)}"/>`).join('')}${dot(x, y, 3.5, '#ffe066')}`;
        }).join(''),
      );
    case 'dots':
      return rows(26, (y, row) =>
        Array.from({ length: 13 }, (_, index) => dot(-156 + index * 26 + (row % 2) * 13, y, 4, css(colour))).join(''),
      );
    case 'sparkles':
      return rows(22, (y, row) =>
        Array.from({ length: 15 }, (_, index) =>
          dot(
            -156 + index * 22 + (row % 2) * 11,
            y,
            2.4,
            index % 3 === 0 ? '#fff' : css(colour),
            ' fill-opacity="0.85"',
          ),
        ).join(''),
      );
    case 'quilted':
      return rows(
        30,
        (y) =>
          `<path d="M-160 ${n(y)} L160 ${n(y)}" stroke="${css(mix(colour, BLACK, 0.3))}" stroke-width="3" stroke-opacity="0.6"/>`,
      );
    case 'fur':
      return rows(14, (y, row) =>
        Array.from({ length: 24 }, (_, index) =>
          line(-158 + index * 14 + (row % 2) * 7, y, -154 + index * 14 + (row % 2) * 7, y + 10, colour, 2, 0.5),
        ).join(''),
      );
    case 'plain':
      return '';
  }
}

export type GownNeckline = 'sweetheart' | 'off-shoulder' | 'square' | 'boat' | 'v' | 'mandarin' | 'high-lace';
export type GownDetail = 'plain' | 'brooch' | 'bow' | 'lace' | 'lacing' | 'frogs' | 'empire' | 'ruffles';

/** The top edge of an off-the-shoulder neckline across the upper arms and chest, dipping at the middle. */
function offShoulder(x: number): number {
  const t = (x + 150) / 300;
  return 18 + 32 * t * (1 - t);
}

/**
 * A dress's bodice, the part a portrait shows: its neckline (a sheer yoke in the accent above a
 * low one), puffed sleeves or none, and the detail that names it (a brooch, a bow, lace, a corset's
 * lacing, the knotted buttons of a qipao, an empire waist, ruffles), over a pattern.
 */
export function gown(
  neckline: GownNeckline,
  puffSleeves: boolean,
  detail: GownDetail,
  pattern: Pattern = 'plain',
): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.28, false);
    const c = collarLine(neck);
    const shade = mix(main, BLACK, 0.35);
    const vDepth = 96;
    // Each neckline's top edge, from the left side to the right; the bodice runs from it down.
    const edges: Record<GownNeckline, string> = {
      sweetheart: 'M-150 44 L-64 38 Q-40 16 -18 30 Q-6 40 0 54 Q6 40 18 30 Q40 16 64 38 L150 44',
      'off-shoulder': `M-150 ${n(offShoulder(-150))} Q0 34 150 ${n(offShoulder(150))}`,
      square: `M-150 ${n(c - 10)} L-34 ${n(c - 10)} L-34 44 L34 44 L34 ${n(c - 10)} L150 ${n(c - 10)}`,
      boat: `M-150 ${n(c - 10)} L-64 ${n(c - 10)} Q0 ${n(c + 14)} 64 ${n(c - 10)} L150 ${n(c - 10)}`,
      v: `M-150 ${n(c - 10)} L-30 ${n(c - 10)} L0 ${vDepth} L30 ${n(c - 10)} L150 ${n(c - 10)}`,
      mandarin: `M-150 ${n(c - 10)} L-24 ${n(c - 10)} Q0 ${n(c - 4)} 24 ${n(c - 10)} L150 ${n(c - 10)}`,
      'high-lace': `M-150 ${n(c - 10)} L-22 ${n(c - 10)} L-20 ${n(-neck * 0.7)} Q0 ${n(-neck * 0.66)} 20 ${n(-neck * 0.7)} L22 ${n(c - 10)} L150 ${n(c - 10)}`,
    };
    const edge = edges[neckline];
    const low = neckline === 'sweetheart' || neckline === 'off-shoulder';
    const yoke = low
      ? shape(
          `M-150 ${n(c - 10)} L-24 ${n(c - 10)} Q0 ${n(c + 4)} 24 ${n(c - 10)} L150 ${n(c - 10)} L150 60 L-150 60 Z`,
          css(mix(accent, WHITE, 0.3)),
          ' fill-opacity="0.45"',
        )
      : '';
    const hem = `${edge} L150 320 L-150 320 Z`;
    const trim = `<path d="${edge}" fill="none" stroke="${css(shade)}" stroke-width="2.5" stroke-linejoin="round"/>`;
    const sleeves = puffSleeves
      ? mirrored(
          `<ellipse cx="80" cy="14" rx="34" ry="30" fill="${fill}"${outline(main, 1)}/>${[66, 80, 94].map((x) => `<path d="M${x} -12 Q${x + 4} 14 ${x} 40" fill="none" stroke="${css(shade)}" stroke-opacity="0.6" stroke-width="2"/>`).join('')}`,
        )
      : '';
    const details: Record<GownDetail, string> = {
      plain: '',
      // A jewel at the bottom of the V, the satin drawn into folds towards it.
      brooch: `${mirrored(`<path d="M0 ${vDepth} Q40 ${vDepth + 44} 110 ${vDepth + 54} M0 ${vDepth} Q30 ${vDepth + 74} 80 ${vDepth + 144}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="5"/>`)}${dot(0, vDepth, 11, css(accent), outline(GOLD, 3))}${glint(-3, vDepth - 4, 4, 2.5)}`,
      bow: `${shape('M0 48 L-30 30 Q-36 48 -30 66 Z M0 48 L30 30 Q36 48 30 66 Z', css(accent), outline(accent, 1.2))}${dot(0, 48, 7, css(mix(accent, BLACK, 0.2)))}`,
      lace: `<path d="${edge}" fill="none" stroke="#fff" stroke-width="9" stroke-dasharray="2 7" stroke-linecap="round"/>${Array.from({ length: 30 }, (_, index) => dot(-140 + (index % 10) * 31 + (Math.floor(index / 10) % 2) * 15, 70 + Math.floor(index / 10) * 26, 5, 'none', ' stroke="#fff" stroke-opacity="0.6" stroke-width="1.5"')).join('')}`,
      lacing: `${[60, 80, 100, 120, 140, 160].map((y) => `<path d="M-12 ${y} L12 ${y + 20} M12 ${y} L-12 ${y + 20}" stroke="${css(accent)}" stroke-width="3"/>${dot(-12, y, 2.5, css(GOLD))}${dot(12, y, 2.5, css(GOLD))}`).join('')}<path d="M-20 40 L-20 300 M20 40 L20 300" stroke="${css(shade)}" stroke-width="3"/>`,
      frogs: `${shape(`M-26 ${n(c - 10)} Q0 ${n(c - 22)} 26 ${n(c - 10)} L24 ${n(c + 2)} Q0 ${n(c - 8)} -24 ${n(c + 2)} Z`, fill, ` stroke="${css(accent)}" stroke-width="3"`)}<path d="M0 ${n(c - 2)} Q30 ${n(c + 20)} 48 70" fill="none" stroke="${css(accent)}" stroke-width="3"/>${[
        [16, c + 12],
        [36, 30],
        [48, 62],
      ]
        .map(
          ([x = 0, y = 0]) =>
            `<path d="M${x - 12} ${n(y)} h24 M${x - 12} ${n(y)} a4 4 0 1 1 0 -0.1 M${x + 12} ${n(y)} a4 4 0 1 0 0 -0.1" fill="none" stroke="${css(GOLD)}" stroke-width="3"/>`,
        )
        .join('')}`,
      empire: `<path d="M-150 66 Q0 78 150 66 L150 80 Q0 92 -150 80 Z" fill="${css(accent)}"/>${shape('M0 78 L-22 66 L-22 90 Z M0 78 L22 66 L22 90 Z', css(accent), outline(accent, 1))}`,
      // Two tiers of flounces hanging from the neckline, each a row of scallops.
      ruffles: [0, 1]
        .map((tier) => {
          const scallops = Array.from({ length: 15 }, (_, index) => {
            const x = -150 + index * 20;
            return `L${x} ${n(offShoulder(x) + tier * 16)} q10 ${16 + tier * 2} 20 0`;
          }).join(' ');
          return `<path d="M-150 ${n(offShoulder(-150) - 4)} ${scallops} L150 ${n(offShoulder(150) - 4)} Z" fill="${css(tier === 0 ? mix(accent, main, 0.15) : accent)}" stroke="${css(shade)}" stroke-width="1.5"/>`;
        })
        .reverse()
        .join(''),
    };
    const collarRim =
      neckline === 'high-lace'
        ? Array.from({ length: 7 }, (_, index) =>
            dot(-18 + index * 6, -neck * 0.69, 4, '#fbfaf4', ' stroke="#c8c4b8" stroke-width="0.8"'),
          ).join('')
        : '';
    const buttons =
      neckline === 'high-lace' ? [c + 6, 20, 40, 60, 80].map((y) => dot(0, y, 3.2, css(GOLD))).join('') : '';
    return `<defs>${defs}<clipPath id="${id}-c"><path d="${hem}"/></clipPath></defs>${yoke}<g clip-path="url(#${id}-c)"><rect x="-160" y="${n(-neck)}" width="320" height="${n(neck + 340)}" fill="${fill}"/>${patternMarkup(pattern, accent, -neck)}</g>${trim}${collarRim}${buttons}${details[detail]}${sleeves}`;
  };
}

/** Plate armour: a breastplate clipped to the body, with rivets. */
export const breastplate: Draw = ({ id, main, accent }, { neck }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  const collar = collarLine(neck);
  const plates = [60, 120, 180]
    .map(
      (y) =>
        `<path d="M-150 ${y} Q0 ${y + 20} 150 ${y}" fill="none" stroke="${css(mix(main, BLACK, 0.45))}" stroke-width="2.5"/>`,
    )
    .join('');
  return `<defs>${defs}</defs>${shape(`M-140 ${n(collar - 8)} Q0 ${n(collar + 18)} 140 ${n(collar - 8)} L150 320 L-150 320 Z`, fill)}${plates}<path d="M0 ${n(collar + 10)} L0 320" stroke="${css(mix(main, WHITE, 0.5))}" stroke-width="3" stroke-opacity="0.7"/>${shape(`M-34 ${n(collar + 30)} L34 ${n(collar + 30)} L26 ${n(collar + 90)} L0 ${n(collar + 110)} L-26 ${n(collar + 90)} Z`, css(accent), ` stroke="${css(GOLD)}" stroke-width="2.5"`)}`;
};

/** Shoulder plates: they stand out past the shoulders, so they are drawn in front of everything. */
export const pauldrons: Draw = ({ id, main }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  return `<defs>${defs}</defs>${mirrored([0, 1, 2].map((index) => shape(`M${28 + index * 3} ${n(-8 + index * 12)} Q50 ${n(-30 + index * 12)} ${n(74 - index * 2)} ${n(6 + index * 13)} L${n(70 - index * 2)} ${n(20 + index * 13)} Q50 ${n(-4 + index * 12)} ${28 + index * 3} ${n(8 + index * 12)} Z`, fill, outline(main, 1))).join(''))}`;
};

/**
 * The back of a cape or cloak: behind the person, it shows around the shoulders and arms, its top
 * behind the neck; a high collar stands up around the head.
 */
export function cape(highCollar: boolean): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const top = collarLine(neck) - 4;
    const collar = highCollar
      ? shape(
          `M-40 ${n(-neck * 0.2)} Q-80 ${n(-neck * 1.2)} -70 ${n(-neck * 1.6)} Q-30 ${n(-neck * 1.1)} 0 ${n(-neck * 0.9)} Q30 ${n(-neck * 1.1)} 70 ${n(-neck * 1.6)} Q80 ${n(-neck * 1.2)} 40 ${n(-neck * 0.2)} Z`,
          css(accent),
        )
      : '';
    return `<defs>${defs}</defs>${collar}${shape(`M-30 ${n(top)} Q0 ${n(top - 8)} 30 ${n(top)} Q96 -16 122 30 Q160 140 200 340 L-200 340 Q-160 140 -122 30 Q-96 -16 -30 ${n(top)} Z`, fill)}${mirrored('<path d="M-100 80 Q-130 200 -140 330" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="10"/>')}`;
  };
}

/**
 * The fronts of a cape, on the person: from the clasp at the neck over each shoulder and down the
 * outside of the arms, the lining showing along their inner edges, so that a cape reads on a
 * head-and-shoulders portrait where little of its back shows.
 */
export const capeFronts: Draw = ({ id, main, accent }, { neck }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
  const y = collarLine(neck);
  const lining = accent === main ? mix(main, WHITE, 0.25) : accent;
  const front = `M22 ${n(y)} Q64 ${n(y - 12)} 96 -4 Q116 20 122 60 L136 340 L78 340 Q70 160 58 80 Q46 30 22 ${n(y)} Z`;
  const edge = `M22 ${n(y)} Q46 30 58 80 Q70 160 78 340 L88 340 Q80 160 68 80 Q56 28 30 ${n(y - 2)} Z`;
  const folds =
    '<path d="M96 40 Q104 140 108 340 M82 30 Q88 120 92 200" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>';
  const discs = [-26, 26]
    .map((x) => dot(x, y + 4, 9, css(GOLD), outline(GOLD, 1.2)) + glint(x - 3, y + 1, 3, 2))
    .join('');
  return `<defs>${defs}</defs>${mirrored(`${shape(front, fill, outline(main, 1))}${shape(edge, css(lining))}${folds}`)}<path d="M-26 ${n(y + 4)} Q0 ${n(y + 18)} 26 ${n(y + 4)}" fill="none" stroke="${css(GOLD)}" stroke-width="3"/>${discs}`;
};

export function wings(feathered: boolean): Draw {
  return ({ id, main }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const feathers = feathered
      ? Array.from(
          { length: 6 },
          (_, index) =>
            `<path d="M${40 + index * 24} ${30 + index * 4} Q${70 + index * 30} ${90 + index * 16} ${60 + index * 30} ${150 + index * 10}" fill="none" stroke="${css(mix(main, BLACK, 0.25))}" stroke-width="2"/>`,
        ).join('')
      : Array.from({ length: 4 }, (_, index) =>
          line(40, 20, 120 + index * 40, -140 + index * 70, mix(main, BLACK, 0.4), 3),
        ).join('');
    const outlineShape = feathered
      ? 'M30 10 C90 -150 250 -210 290 -170 C260 -90 280 20 220 120 C200 170 120 220 60 180 Z'
      : 'M30 10 L120 -150 L290 -170 L250 -80 L280 20 L220 40 L230 120 L150 100 L60 180 Z';
    return `<defs>${defs}</defs><g transform="translate(0 -20) scale(0.42)">${mirrored(`<path d="${outlineShape}" fill="${fill}" stroke="${css(mix(main, BLACK, 0.3))}" stroke-width="2"/>${feathers}`)}</g>`;
  };
}

export type Mount = 'horse' | 'unicorn' | 'dragon' | 'eagle' | 'firebird';

/** A mount's head and neck in profile, facing the picture's left, its neck rising from below the frame (x = 30 at the back, -30 at the throat). */
const HORSE_HEAD =
  'M30 160 Q18 50 -22 8 L-18 -16 L-34 2 Q-62 10 -88 54 Q-102 72 -92 86 Q-82 96 -64 90 Q-50 86 -44 72 Q-40 100 -30 160 Z';
const BIRD_HEAD = 'M30 160 Q16 60 -10 20 Q-22 -4 -46 0 Q-66 6 -74 26 Q-70 60 -58 64 Q-40 80 -30 160 Z';
const BEAK = 'M-72 24 L-102 36 Q-112 50 -98 60 L-84 50 Q-70 52 -60 46 Z';
const MOUNT_HEADS: Record<Mount, string> = {
  horse: HORSE_HEAD,
  unicorn: HORSE_HEAD,
  dragon:
    'M30 160 Q20 60 -8 14 Q-40 -6 -70 14 L-100 40 Q-108 52 -98 60 L-66 64 L-92 80 Q-60 92 -42 76 Q-36 100 -30 160 Z',
  eagle: BIRD_HEAD,
  firebird: BIRD_HEAD,
};

/**
 * The head and neck of the creature ridden (Quoi: riding a dragon, a unicorn, Pegasus, a griffin, a
 * phoenix), in front of the rider at the bottom of the picture: what a portrait shows of a mount.
 */
export function mount(kind: Mount): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const dark = css(mix(main, BLACK, 0.55));
    const eye = (x: number, y: number, iris: string) =>
      `${dot(x, y, 6, iris, ` stroke="${dark}" stroke-width="1.5"`)}${dot(x - 1, y, 2.6, '#111')}${glint(x - 2.5, y - 2.5, 1.6, 1.1)}`;
    const features: Record<Mount, string> = {
      horse: `${eye(-50, 32, '#3a2414')}${dot(-88, 74, 3.5, dark)}`,
      unicorn: `${eye(-50, 32, '#3a2414')}${dot(-88, 74, 3.5, dark)}${shape('M-40 8 L-70 -50 L-30 2 Z', css(GOLD), outline(GOLD, 1))}${[-14, -26, -38].map((y) => line(-34 + (y + 14) * 0.55, y + 10, -44 + (y + 14) * 0.55, y + 4, mix(GOLD, BLACK, 0.35), 1.5)).join('')}`,
      dragon: `${shape('M-14 6 Q0 -30 30 -44 Q10 -20 2 12 Z M-34 0 Q-26 -36 0 -56 Q-16 -28 -20 4 Z', '#ece2c8', outline([200, 180, 140], 1))}${eye(-54, 24, '#f5d020')}<path d="M-54 19 L-54 29" stroke="#111" stroke-width="2"/>${[-92, -84, -76].map((x) => shape(`M${x} 62 l4 8 l4 -8 Z`, '#fbfbf2')).join('')}${dot(-96, 50, 3, dark)}${[40, 70, 100, 130].map((y) => shape(`M${n(24 - (y - 40) * 0.05)} ${y} l14 -6 l-10 -14 Z`, css(accent))).join('')}`,
      eagle: `${shape(BEAK, css(GOLD), outline(GOLD, 1.2))}${eye(-52, 20, '#f0b020')}<path d="M-64 12 Q-52 6 -40 14" fill="none" stroke="${dark}" stroke-width="3"/>${[60, 84, 108].map((y) => `<path d="M${-28 + (y - 60) * 0.05} ${y} q14 10 28 0 q14 10 28 0" fill="none" stroke="${css(accent)}" stroke-width="4"/>`).join('')}`,
      firebird: `${[0, 1, 2, 3].map((index) => shape(`M${-40 + index * 14} ${2 + index * 4} Q${-30 + index * 22} ${-40 - index * 4} ${-6 + index * 26} ${-34 + index * 8} Q${-14 + index * 18} ${-10} ${-26 + index * 16} ${10 + index * 4} Z`, css(index % 2 === 0 ? accent : [255, 220, 80]))).join('')}${shape(BEAK, css(GOLD), outline(GOLD, 1.2))}${eye(-52, 20, '#ffe680')}`,
    };
    const mane =
      kind === 'horse' || kind === 'unicorn'
        ? Array.from(
            { length: 7 },
            (_, index) =>
              `<path d="M${n(-16 + index * 6)} ${6 + index * 20} q22 4 30 20" fill="none" stroke="${css(accent)}" stroke-width="9" stroke-linecap="round"/>`,
          ).join('')
        : '';
    // Drawn at two thirds of the shoulders' scale in the lower corner: the rider's face and chest stay seen.
    return `<defs>${defs}</defs><g transform="translate(-34 46) scale(0.66)">${mane}${shape(MOUNT_HEADS[kind], fill, outline(main, 2))}${features[kind]}</g>`;
  };
}

/** A flying carpet under the rider across the bottom of the picture: a gold border, medallions and a fringe along its edge. */
export const carpet: Draw = ({ id, main, accent }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.25);
  const edge = (y: number) => `M-240 ${y} Q-120 ${y - 16} 0 ${y} T240 ${y}`;
  const fringe = Array.from({ length: 48 }, (_, index) =>
    line(-236 + index * 10, 62, -236 + index * 10, 50 + (index % 2) * 3, mix(accent, WHITE, 0.3), 2.5),
  ).join('');
  const medallions = Array.from(
    { length: 8 },
    (_, index) =>
      `${shape(`M${-210 + index * 60} 112 l20 -16 l20 16 l-20 16 Z`, css(accent), outline(accent, 1))}${dot(-190 + index * 60, 112, 5, css(mix(main, BLACK, 0.2)))}`,
  ).join('');
  return `<defs>${defs}</defs>${fringe}${shape(`${edge(64)} L240 380 L-240 380 Z`, fill, outline(main, 2))}<path d="${edge(76)}" fill="none" stroke="${css(accent)}" stroke-width="7"/><path d="${edge(140)}" fill="none" stroke="${css(accent)}" stroke-width="5"/>${medallions}`;
};

export function necklace(pearls: boolean): Draw {
  return ({ main }, { neck }) => {
    const y = collarLine(neck) + 6;
    return Array.from({ length: 17 }, (_, index) => {
      const t = (index - 8) / 8;
      const x = t * 30;
      const yy = y + 34 * (1 - t * t);
      return pearls
        ? `${dot(x, yy, 3.4, '#f6f1e6', ' stroke="#c9bda8" stroke-width="0.6"')}${glint(x - 1, yy - 1.2, 1.2, 0.8)}`
        : dot(x, yy, 2.6, css(mix(main, WHITE, index % 2 === 0 ? 0.3 : 0)), outline(main, 0.6));
    }).join('');
  };
}

export const scarf: Draw = ({ id, main, accent }, { neck }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  const y = collarLine(neck);
  return `<defs>${defs}</defs>${shape(`M-34 ${n(y - 14)} Q0 ${n(y + 4)} 34 ${n(y - 14)} L38 ${n(y + 6)} Q0 ${n(y + 26)} -38 ${n(y + 6)} Z`, fill)}${shape(`M6 ${n(y + 10)} L26 ${n(y + 10)} L30 ${n(y + 110)} L12 ${n(y + 112)} Z`, fill)}${line(8, y + 100, 30, y + 100, accent, 3)}`;
};

export const stethoscope: Draw = (_paint, { neck }) => {
  const y = collarLine(neck);
  return `<path d="M-26 ${n(y - 10)} Q-40 ${n(y + 80)} -10 ${n(y + 110)} M26 ${n(y - 10)} Q40 ${n(y + 60)} 30 ${n(y + 120)}" fill="none" stroke="#2c3e50" stroke-width="4"/>${dot(30, y + 126, 9, css(SILVER), outline(SILVER, 1.5))}${glint(27, y + 123, 3, 2)}`;
};

/** A sash across the chest from one shoulder to the other hip (royals), or a draped toga. */
export function sash(width: number): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.25, false);
    return `<defs>${defs}</defs><path d="M-56 -6 L${-56 + width} -6 L80 300 L${80 - width} 300 Z" fill="${fill}"/>${line(-56 + width, -6, 80, 300, accent, 3)}`;
  };
}

/** A star or emblem on the chest (superhero, sheriff). */
export const emblem: Draw = ({ accent, main }) => {
  const points = Array.from({ length: 10 }, (_, index) => {
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    const radius = index % 2 === 0 ? 22 : 9;
    return `${n(radius * Math.cos(angle))} ${n(100 + radius * Math.sin(angle))}`;
  });
  return `<path d="M-32 74 L32 74 L40 92 L0 136 L-40 92 Z" fill="${css(main)}" stroke="${css(mix(main, BLACK, 0.4))}" stroke-width="2"/><path d="M${points.join(' L')} Z" fill="${css(accent)}"/>`;
};

/** Ermine trim around the neckline (king, queen): white fur with black tails. */
export const ermine: Draw = (_paint, { neck }) => {
  const y = collarLine(neck);
  const band = `M-62 ${n(y + 26)} Q-34 ${n(y - 8)} 0 ${n(y + 4)} Q34 ${n(y - 8)} 62 ${n(y + 26)}`;
  const tails = Array.from({ length: 7 }, (_, index) => {
    const t = (index - 3) / 3;
    return shape(`M${n(t * 52)} ${n(y + 8 + 14 * t * t)} l-2 6 l2 -1.5 l2 1.5 Z`, '#111');
  }).join('');
  return `<path d="${band}" fill="none" stroke="#efe9dc" stroke-width="18" stroke-linecap="round"/><path d="${band}" fill="none" stroke="#fbf9f4" stroke-width="11" stroke-linecap="round"/>${tails}`;
};

/** How many pleats go round a ruff. */
const RUFF_PLEATS = 22;

/**
 * A white pleated ruff round the neck (clown, musketeer), seen from the front: a flat ring, its outer edge scalloped, the neck
 * coming down into it through the back; the pleats alternate light and shade.
 */
export const ruff: Draw = ({ id }, { neck }) => {
  const y = collarLine(neck) + 4;
  const outer = (angle: number, reach = 1): [number, number] => [
    48 * reach * Math.cos(angle),
    y + 15 * reach * Math.sin(angle),
  ];
  const inner = (angle: number): [number, number] => [15 * Math.cos(angle), y - 6 + 10 * Math.sin(angle)];
  const step = (2 * Math.PI) / RUFF_PLEATS;
  const pleats = Array.from({ length: RUFF_PLEATS }, (_, index) => {
    const [from, to] = [index * step, (index + 1) * step];
    const [a, b, c, d] = [inner(from), outer(from), outer((from + to) / 2, 1.1), outer(to)];
    const e = inner(to);
    const shade = index % 2 === 0 ? '#fbfbf8' : '#e4e4dc';
    return `<path d="M${n(a[0])} ${n(a[1])} L${n(b[0])} ${n(b[1])} Q${n(c[0])} ${n(c[1])} ${n(d[0])} ${n(d[1])} L${n(e[0])} ${n(e[1])} Z" fill="${shade}" stroke="#c8c8c0" stroke-width="0.8" stroke-linejoin="round"/>`;
  });
  // The neck passes in front of the ruff's back half: its hole is cut up to the outer edge behind.
  const hole = `<g fill="#000"><ellipse cx="0" cy="${n(y - 6)}" rx="15" ry="10"/><rect x="-15" y="${n(y - 30)}" width="30" height="24"/></g>`;
  return `<defs><mask id="${id}-m"><rect x="-80" y="${n(y - 40)}" width="160" height="80" fill="#fff"/>${hole}</mask></defs><g mask="url(#${id}-m)">${pleats.join('')}</g>`;
};

/** Water up to the chest (swimming): in front of the body, with ripples. */
export const water: Draw = ({ id }) =>
  `<defs><linearGradient id="${id}-w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fd0f0" stop-opacity="0.75"/><stop offset="1" stop-color="#0a5a8a" stop-opacity="0.9"/></linearGradient></defs><path d="M-400 30 Q-350 18 -300 30 T-200 30 T-100 30 T0 30 T100 30 T200 30 T300 30 T400 30 L400 400 L-400 400 Z" fill="url(#${id}-w)"/>${[-240, -120, 0, 120, 240].map((x) => `<path d="M${x - 30} 44 Q${x} 36 ${x + 30} 44" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="3"/>`).join('')}`;

/** Speed lines streaming behind the person: to one side (walking, running, flying) or down both sides (jumping, rising). */
export function motionLines(vertical: boolean): Draw {
  return ({ main }) =>
    Array.from({ length: 14 }, (_, index) => {
      const offset = -120 + index * 24;
      if (!vertical) return line(90 + (index % 3) * 40, offset, 260 + (index % 4) * 50, offset, main, 5, 0.6);
      const x = (index % 2 === 0 ? 1 : -1) * (80 + (index % 5) * 22);
      return line(x, -60 + (index % 4) * 40, x, 60 + (index % 3) * 60, main, 5, 0.6);
    }).join('');
}

/** A glow around the person (levitating, meditating, casting a spell, ghosts, angels). */
export const aura: Draw = ({ id, main }) =>
  `<defs><radialGradient id="${id}-a"><stop offset="0" stop-color="${css(mix(main, WHITE, 0.4))}" stop-opacity="0.9"/><stop offset="0.55" stop-color="${css(main)}" stop-opacity="0.45"/><stop offset="1" stop-color="${css(main)}" stop-opacity="0"/></radialGradient></defs><ellipse cx="0" cy="0" rx="260" ry="300" fill="url(#${id}-a)"/>`;

/** Small things in the air around the person: confetti, bubbles, rain, stars, notes. */
export type Scatter = 'confetti' | 'bubbles' | 'rain' | 'stars' | 'hearts' | 'notes';

export function scatter(kind: Scatter): Draw {
  return ({ main, accent }) =>
    Array.from({ length: 40 }, (_, index) => {
      // A fixed spiral of places: around the person, never a regular grid.
      const angle = index * 2.399;
      const radius = 120 + ((index * 37) % 180);
      const x = Math.cos(angle) * radius;
      const y = Math.sin(angle) * radius * 0.9 - 60;
      const colour = index % 2 === 0 ? main : accent;
      switch (kind) {
        case 'confetti':
          return `<rect x="${n(x)}" y="${n(y)}" width="9" height="5" transform="rotate(${(index * 47) % 180} ${n(x)} ${n(y)})" fill="${css(mix(colour, [255, 60, 140], (index % 3) / 3))}"/>`;
        case 'bubbles':
          return `${dot(x, y, 8 + (index % 5) * 4, '#bfe8ff', ' fill-opacity="0.12" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5"')}${glint(x - 3, y - 4, 2.5, 1.5)}`;
        case 'rain':
          return line(x, y, x - 6, y + 30, [210, 225, 240], 2, 0.7);
        case 'stars':
          return dot(x, y, 1.5 + (index % 3), '#fffbe8', ' fill-opacity="0.9"');
        case 'notes':
          return index % 4 === 0
            ? `<ellipse cx="${n(x)}" cy="${n(y)}" rx="8" ry="6" transform="rotate(-20 ${n(x)} ${n(y)})" fill="${css(colour)}"/>${line(x + 7, y, x + 7, y - 30, colour, 2.5)}${line(x + 7, y - 30, x + 17, y - 22, colour, 2.5)}`
            : '';
        case 'hearts':
          return index % 3 === 0
            ? `<path d="M${n(x)} ${n(y + 6)} l-8 -8 a4.5 4.5 0 0 1 8 -5 a4.5 4.5 0 0 1 8 5 Z" fill="${css(mix(colour, [240, 60, 110], 0.7))}"/>`
            : '';
      }
    }).join('');
}
