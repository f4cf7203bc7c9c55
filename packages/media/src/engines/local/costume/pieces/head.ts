import { BLACK, WHITE, css, mix, type Rgb } from '../../../../color';
import { n, pathData } from '../../../../svg';
import { GOLD, lit, metal, shape, outline, dot, line, glint, mirrored, type Draw } from './paint';

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
  return [
    `<defs>${defs}</defs>`,
    shape(`${points.join(' ')} L46 ${n(base)} Z`, fill, outline(main, 1.2)),
    shape(
      pathData(
        `M-47 ${n(base - 14)}`,
        `L47 ${n(base - 14)}`,
        `L47 ${n(base + 2)}`,
        `Q0 ${n(base + 8)} -47 ${n(base + 2)} Z`,
      ),
      fill,
      outline(main, 1),
    ),
    `${jewels}${tips}`,
  ].join('');
};

export const tiara: Draw = ({ id, main, accent }, { brow }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  const base = brow * 0.85;
  const pearls = Array.from({ length: 9 }, (_, index) => {
    const t = (index - 4) / 4;
    return dot(t * 36, base - 8 - 16 * (1 - t * t), 2.6, '#fffaf0', outline(WHITE, 0.5));
  }).join('');
  return [
    `<defs>${defs}</defs>`,
    shape(
      pathData(
        `M-42 ${n(base)}`,
        `Q0 ${n(base - 14)} 42 ${n(base)}`,
        `L38 ${n(base + 4)}`,
        `Q0 ${n(base - 8)} -38 ${n(base + 4)} Z`,
      ),
      fill,
    ),
    shape(`M-10 ${n(base - 8)} L0 ${n(base - 34)} L10 ${n(base - 8)} Z`, fill),
    dot(0, base - 16, 5, css(accent)),
    glint(-1.5, base - 18, 1.6, 1),
    pearls,
  ].join('');
};

export type HelmetKind = 'dome' | 'horned' | 'crest' | 'brimmed' | 'winged';

export function helmet(kind: HelmetKind): Draw {
  return ({ id, main, accent }, { brow }) => {
    const [defs, fill] = metal(`${id}-m`, main);
    const rim = brow + 6;
    let extras = '';
    if (kind === 'horned') {
      const [hornDefs, hornFill] = lit(`${id}-h`, [236, 226, 200], 0.2, false);
      extras = [
        '<defs>',
        hornDefs,
        '</defs>',
        `${mirrored(shape(pathData(`M40 ${n(rim - 22)}`, `C62 ${n(rim - 26)} 76 ${n(rim - 50)} 70 ${n(rim - 82)}`, `C66 ${n(rim - 58)} 56 ${n(rim - 44)} 42 ${n(rim - 38)} Z`), hornFill, outline([200, 180, 140], 1)))}`,
      ].join('');
    } else if (kind === 'crest') {
      const [crestDefs, crestFill] = lit(`${id}-c`, accent, 0.3);
      extras = [
        '<defs>',
        crestDefs,
        '</defs>',
        `${shape(pathData(`M-44 ${n(rim - 40)}`, `Q0 -60 44 ${n(rim - 40)}`, `Q0 -34 -44 ${n(rim - 40)} Z`), crestFill)}`,
      ].join('');
    } else if (kind === 'brimmed') {
      extras = shape(
        pathData(
          `M-70 ${n(rim)}`,
          `Q0 ${n(rim - 18)} 70 ${n(rim)}`,
          `Q72 ${n(rim + 10)} 40 ${n(rim + 6)}`,
          `L-40 ${n(rim + 6)}`,
          `Q-72 ${n(rim + 10)} -70 ${n(rim)} Z`,
        ),
        fill,
        outline(main, 1),
      );
    } else if (kind === 'winged') {
      extras = mirrored(
        shape(
          pathData(
            `M46 ${n(rim - 20)}`,
            `Q70 ${n(rim - 40)} 80 ${n(rim - 70)}`,
            `Q66 ${n(rim - 44)} 48 ${n(rim - 34)} Z`,
          ),
          css(mix(main, WHITE, 0.5)),
          outline(main, 1),
        ),
      );
    }
    const dome = pathData(
      `M-54 ${n(rim)}`,
      `C-56 ${n(rim - 50)} -34 -8 0 -8`,
      `C34 -8 56 ${n(rim - 50)} 54 ${n(rim)}`,
      `Q0 ${n(rim - 10)} -54 ${n(rim)} Z`,
    );
    const band = pathData(
      `M-55 ${n(rim - 9)}`,
      `Q0 ${n(rim - 19)} 55 ${n(rim - 9)}`,
      `L55 ${n(rim + 1)}`,
      `Q0 ${n(rim - 9)} -55 ${n(rim + 1)} Z`,
    );
    const rivets = [-40, -20, 0, 20, 40]
      .map((x) => dot(x, rim - 8 - 4 * (1 - (x / 40) ** 2), 2, css(mix(main, WHITE, 0.6))))
      .join('');
    return [
      `<defs>${defs}</defs>${extras}`,
      shape(dome, fill, outline(main, 1.3)),
      shape(band, fill, outline(main, 1)),
      rivets,
      glint(-22, rim * 0.35, 8, 4),
    ].join('');
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
    return [
      shape(
        pathData(`M-46 ${n(rim)}`, `Q-10 ${n(rim - 80)} 22 ${n(top)}`, `Q12 ${n(rim - 70)} 46 ${n(rim)} Z`),
        fill,
        outline(main, 1),
      ),
      stars(top),
    ].join('');
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
      shape(
        pathData(`M-46 ${n(rim - height)}`, `L46 ${n(rim - height)}`, `L46 ${n(rim)}`, `L-46 ${n(rim)} Z`),
        css(accent),
      );
    const brim = (reach: number, lift: number) =>
      shape(
        pathData(
          `M${-reach} ${n(rim - lift)}`,
          `Q0 ${n(rim + 14)} ${reach} ${n(rim - lift)}`,
          `Q${reach - 8} ${n(rim + 8)} 0 ${n(rim + 10)}`,
          `Q${-reach + 8} ${n(rim + 8)} ${-reach} ${n(rim - lift)} Z`,
        ),
        fill,
        outline(main, 1),
      );
    let body = '';
    switch (kind) {
      case 'top':
        body = [
          shape(
            pathData(
              `M-40 ${n(rim)}`,
              `L-44 ${n(rim - 110)}`,
              `Q0 ${n(rim - 118)} 44 ${n(rim - 110)}`,
              `L40 ${n(rim)} Z`,
            ),
            fill,
            outline(main, 1),
          ),
          band(14),
          brim(72, 2),
        ].join('');
        break;
      case 'cone':
        body = `${cone(room, rim, fill, main, accent)}${brim(96, 8)}`;
        break;
      case 'cowboy':
        body = [
          shape(
            pathData(
              `M-44 ${n(rim)}`,
              `Q-48 ${n(rim - 64)} -16 ${n(rim - 58)}`,
              `Q0 ${n(rim - 44)} 16 ${n(rim - 58)}`,
              `Q48 ${n(rim - 64)} 44 ${n(rim)} Z`,
            ),
            fill,
            outline(main, 1),
          ),
          band(10),
          shape(
            pathData(
              `M-100 ${n(rim - 26)}`,
              `Q-70 ${n(rim + 10)} 0 ${n(rim + 8)}`,
              `Q70 ${n(rim + 10)} 100 ${n(rim - 26)}`,
              `Q80 ${n(rim + 22)} 0 ${n(rim + 20)}`,
              `Q-80 ${n(rim + 22)} -100 ${n(rim - 26)} Z`,
            ),
            fill,
            outline(main, 1),
          ),
        ].join('');
        break;
      case 'brim':
        body = [
          shape(
            pathData(`M-42 ${n(rim)}`, `Q-44 ${n(rim - 52)} 0 ${n(rim - 54)}`, `Q44 ${n(rim - 52)} 42 ${n(rim)} Z`),
            fill,
            outline(main, 1),
          ),
          band(12),
          brim(88, 4),
        ].join('');
        break;
      case 'cap':
        body = [
          shape(`M-50 ${n(rim + 4)} C-52 ${n(rim - 60)} 52 ${n(rim - 60)} 50 ${n(rim + 4)} Z`, fill, outline(main, 1)),
          shape(
            pathData(
              `M-46 ${n(rim + 2)}`,
              `Q0 ${n(rim - 6)} 46 ${n(rim + 2)}`,
              `Q20 ${n(rim + 34)} -30 ${n(rim + 22)} Z`,
            ),
            css(mix(main, BLACK, 0.25)),
          ),
          dot(0, rim - 46, 4, css(accent)),
        ].join('');
        break;
      case 'beanie':
        body = [
          shape(`M-50 ${n(rim + 6)} C-54 ${n(rim - 66)} 54 ${n(rim - 66)} 50 ${n(rim + 6)} Z`, fill, outline(main, 1)),
          shape(
            pathData(
              `M-52 ${n(rim - 14)}`,
              `Q0 ${n(rim - 24)} 52 ${n(rim - 14)}`,
              `L52 ${n(rim + 8)}`,
              `Q0 ${n(rim - 2)} -52 ${n(rim + 8)} Z`,
            ),
            css(mix(main, BLACK, 0.2)),
          ),
          dot(0, rim - 58, 12, css(accent)),
        ].join('');
        break;
      case 'beret':
        body = [
          shape(
            pathData(
              `M-52 ${n(rim)}`,
              `C-70 ${n(rim - 50)} 40 ${n(rim - 66)} 66 ${n(rim - 22)}`,
              `Q40 ${n(rim - 2)} -52 ${n(rim)} Z`,
            ),
            fill,
            outline(main, 1),
          ),
          line(4, rim - 48, 6, rim - 58, mix(main, BLACK, 0.4), 3),
        ].join('');
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
        body = [
          shape(
            pathData(`M-44 ${n(band)}`, `L-48 ${n(24 - rise)}`, `L48 ${n(24 - rise)}`, `L44 ${n(band)} Z`),
            fill,
            outline(main, 0.9),
          ),
          `${pleats}${top}`,
          shape(
            pathData(
              `M-46 ${n(band - 14)}`,
              `L46 ${n(band - 14)}`,
              `L46 ${n(band)}`,
              `Q0 ${n(band + 5)} -46 ${n(band)} Z`,
            ),
            fill,
            outline(main, 0.9),
          ),
        ].join('');
        break;
      }
      case 'tricorn':
        body = [
          shape(
            pathData(
              `M-90 ${n(rim - 40)}`,
              `Q0 ${n(rim - 90)} 90 ${n(rim - 40)}`,
              `Q40 ${n(rim + 14)} 0 ${n(rim + 18)}`,
              `Q-40 ${n(rim + 14)} -90 ${n(rim - 40)} Z`,
            ),
            fill,
            outline(main, 1.2),
          ),
          shape(
            `M-84 ${n(rim - 40)} Q0 ${n(rim - 84)} 84 ${n(rim - 40)}`,
            'none',
            ` stroke="${css(accent)}" stroke-width="4"`,
          ),
          shape(`M-8 ${n(rim - 30)} l8 -8 l8 8 l-8 8 Z`, css(WHITE)),
        ].join('');
        break;
      case 'santa':
        body = [
          shape(
            pathData(`M-48 ${n(rim)}`, `Q-30 ${n(rim - 90)} 60 ${n(rim - 60)}`, `Q30 ${n(rim - 50)} 48 ${n(rim)} Z`),
            fill,
            outline(main, 1),
          ),
          dot(62, rim - 58, 12, '#ffffff', outline(WHITE, 0.5)),
          shape(
            pathData(
              `M-54 ${n(rim - 10)}`,
              `Q0 ${n(rim - 22)} 54 ${n(rim - 10)}`,
              `L54 ${n(rim + 10)}`,
              `Q0 ${n(rim - 2)} -54 ${n(rim + 10)} Z`,
            ),
            '#fbfbfb',
          ),
        ].join('');
        break;
      case 'party':
        body = [
          shape(`M-30 ${n(rim)} L6 ${n(rim - 110)} L34 ${n(rim)} Z`, fill, outline(main, 1)),
          line(-18, rim - 30, 24, rim - 44, accent, 5),
          line(-8, rim - 64, 16, rim - 72, accent, 5),
          dot(6, rim - 112, 9, css(accent)),
        ].join('');
        break;
    }
    if (kind === 'toque' || kind === 'cone') return `<defs>${defs}</defs>${body}`;
    const fit = room / HAT_RISE[kind];
    // A party hat is small on the head anyway: it shrinks whole, where the others squat.
    const shrink = Math.max(PARTY_HAT_LEAST_SCALE, fit);
    const [across, up] = kind === 'party' ? [shrink, shrink] : [1, Math.max(HAT_MIN_SQUASH, fit)];
    if (up >= 1) return `<defs>${defs}</defs>${body}`;
    return [
      `<defs>${defs}</defs>`,
      [
        `<g transform="translate(0 ${n(rim)}) scale(${across.toFixed(3)} ${up.toFixed(3)}) translate(0 ${n(-rim)})">`,
        body,
        '</g>',
      ].join(''),
    ].join('');
  };
}

export const halo: Draw = ({ main }) =>
  [
    `<ellipse cx="0" cy="-26" rx="44" ry="11" fill="none" stroke="${css(mix(main, WHITE, 0.4))}" stroke-width="14" stroke-opacity="0.25"/>`,
    `<ellipse cx="0" cy="-26" rx="44" ry="11" fill="none" stroke="${css(mix(main, WHITE, 0.3))}" stroke-width="5"/>`,
  ].join('');

export const horns: Draw = ({ id, main }, { brow }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
  return [
    '<defs>',
    defs,
    '</defs>',
    `${mirrored(shape(pathData(`M18 ${n(brow * 0.5)}`, `C26 ${n(brow * 0.2)} 44 -20 30 -46`, `C52 -24 44 ${n(brow * 0.3)} 34 ${n(brow * 0.6)} Z`), fill, outline(main, 1)))}`,
  ].join('');
};

export const animalEars: Draw = ({ id, main, accent }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return [
    '<defs>',
    defs,
    '</defs>',
    `${mirrored(`${shape('M14 6 L40 -44 L50 14 Z', fill, outline(main, 1))}${shape('M22 4 L38 -28 L44 8 Z', css(accent))}`)}`,
  ].join('');
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
    return [
      `<defs>${defs}<clipPath id="${id}-c">`,
      `<path d="${pathData(`M-72 ${n(brow + 220)}`, `C-82 ${n(brow)} -70 -24 0 -26`, `C70 -24 82 ${n(brow)} 72 ${n(brow + 220)} Z`)}"/>`,
      '</clipPath>',
      '</defs>',
      `<g clip-path="url(#${id}-c)">`,
      `<rect x="-90" y="-30" width="180" height="${n(brow + 260)}" fill="${fill}"/>${stripes}</g>`,
    ].join('');
  };
}

/** A bride's veil: sheer tulle from the crown of the head down past the shoulders, behind the person. */
export const veil: Draw = ({ main }, { brow }) => {
  const folds = [-60, -30, 30, 60]
    .map((x) => line(x * 0.4, brow * 0.4, x * 1.3, brow + 300, mix(main, BLACK, 0.12), 6, 0.5))
    .join('');
  return [
    `<path d="${pathData(`M-30 ${n(brow * 0.3)}`, `Q0 ${n(brow * 0.1)} 30 ${n(brow * 0.3)}`, `Q96 ${n(brow + 60)} 110 ${n(brow + 320)}`, `L-110 ${n(brow + 320)}`, `Q-96 ${n(brow + 60)} -30 ${n(brow * 0.3)} Z`)}" fill="${css(main)}" fill-opacity="0.6"/>`,
    folds,
  ].join('');
};

/** A band tied across the forehead (ninja, bandana). */
export const headband: Draw = ({ id, main }, { brow }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return [
    `<defs>${defs}</defs>`,
    shape(
      pathData(
        `M-54 ${n(brow - 6)}`,
        `Q0 ${n(brow - 16)} 54 ${n(brow - 6)}`,
        `L54 ${n(brow + 10)}`,
        `Q0 ${n(brow)} -54 ${n(brow + 10)} Z`,
      ),
      fill,
    ),
    shape(
      pathData(
        `M50 ${n(brow)}`,
        `Q72 ${n(brow + 6)} 80 ${n(brow + 30)}`,
        `L70 ${n(brow + 32)}`,
        `Q64 ${n(brow + 14)} 48 ${n(brow + 8)} Z`,
      ),
      fill,
    ),
  ].join('');
};

export const headphones: Draw = ({ id, main, accent }, { brow }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return [
    `<defs>${defs}</defs>`,
    [
      `<path d="M-54 ${n(brow + 40)} C-60 -20 60 -20 54 ${n(brow + 40)}" fill="none" stroke="${css(mix(main, BLACK, 0.3))}" stroke-width="8"/>`,
      `${mirrored([`<rect x="46" y="${n(brow + 30)}" width="18" height="40" rx="8" fill="${fill}"/>`, `<rect x="42" y="${n(brow + 34)}" width="8" height="32" rx="3" fill="${css(accent)}"/>`].join(''))}`,
    ].join(''),
  ].join('');
};

export const antenna: Draw = ({ main, accent }) =>
  `${line(0, 2, 0, -34, main, 4)}${dot(0, -38, 7, css(accent))}${glint(-2, -40, 2, 1.4)}`;

/** Bubble helmet of a space suit: a glass dome around the whole head. */
export const spaceHelmet: Draw = ({ id, main }, { brow }) => {
  const cy = brow + 55;
  return [
    '<defs>',
    `<radialGradient id="${id}-g" cx="0.35" cy="0.3" r="0.8">`,
    '<stop offset="0" stop-color="#fff" stop-opacity="0.35"/>',
    '<stop offset="0.6" stop-color="#bfe3ff" stop-opacity="0.08"/>',
    '<stop offset="1" stop-color="#9fc7ee" stop-opacity="0.35"/>',
    '</radialGradient>',
    '</defs>',
    `<ellipse cx="0" cy="${n(cy)}" rx="92" ry="100" fill="url(#${id}-g)" stroke="${css(main)}" stroke-width="5"/>`,
    `<path d="M-60 ${n(cy - 60)} Q-40 ${n(cy - 86)} 0 ${n(cy - 92)}" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="5" stroke-linecap="round"/>`,
    `<rect x="-70" y="${n(cy + 88)}" width="140" height="22" rx="8" fill="${css(mix(main, BLACK, 0.15))}"/>`,
  ].join('');
};

/** A thought bubble beside the head (above it there is often no room in a portrait). */
export const thoughtBubble: Draw = () =>
  [
    dot(62, 64, 6, '#fff', outline(WHITE, 1)),
    dot(82, 46, 10, '#fff', outline(WHITE, 1)),
    [
      '<ellipse cx="136" cy="20" rx="46" ry="32" fill="#fff" stroke="#999" stroke-width="1.5"/>',
      `${[-18, 0, 18].map((x) => dot(136 + x, 20, 4.5, '#777')).join('')}`,
    ].join(''),
  ].join('');

export const sleepLetters: Draw = ({ main }) =>
  [0, 1, 2]
    .map((index) => {
      const size = 12 + index * 7;
      const x = 58 + index * 22;
      const y = 60 - index * 30;
      return `<path d="M${x} ${y} h${size} l${-size} ${size} h${size}" fill="none" stroke="${css(main)}" stroke-width="${n(3 + index)}" stroke-linejoin="round" stroke-linecap="round"/>`;
    })
    .join('');
