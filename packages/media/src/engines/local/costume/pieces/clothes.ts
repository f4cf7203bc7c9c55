import { BLACK, WHITE, css, mix, type Rgb } from '../../../../color';
import { n, pathData } from '../../../../svg';
import { collarLine, GOLD, lit, shape, outline, dot, line, glint, mirrored, type Draw } from './paint';

// ── Torso: origin between the shoulders (x = ±50), the chin `neck` units above ──

export type Neckwear = 'tie' | 'bow' | 'none';

/** A tailored jacket: the body in the jacket's colour, lapels down to a V, the shirt and its neckwear inside. */
export function jacket(neckwear: Neckwear, shirt: Rgb = [246, 246, 242], satin = false): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.22, false);
    const collar = collarLine(neck);
    const vDepth = 95;
    const lapel = satin ? css(mix(main, WHITE, 0.12)) : css(mix(main, BLACK, 0.12));
    const body = `M-140 ${n(collar - 10)} L140 ${n(collar - 10)} L150 320 L-150 320 Z`;
    const shirtShape = pathData(
      `M-16 ${n(collar - 4)}`,
      `L16 ${n(collar - 4)}`,
      `L24 ${n(collar + 8)}`,
      `L0 ${vDepth}`,
      `L-24 ${n(collar + 8)} Z`,
    );
    const lapels = mirrored(
      shape(
        pathData(
          `M14 ${n(collar - 6)}`,
          `L34 ${n(collar + 12)}`,
          `L26 ${n(collar + 30)}`,
          `L40 ${n(collar + 42)}`,
          `L2 ${vDepth + 4}`,
          `L22 ${n(collar + 10)} Z`,
        ),
        lapel,
        ` stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="1.2"`,
      ),
    );
    const shirtCollar = mirrored(
      shape(
        pathData(`M1 ${n(collar - 6)}`, `L16 ${n(collar - 8)}`, `L24 ${n(collar + 12)}`, `L6 ${n(collar + 8)} Z`),
        css(shirt),
        ' stroke="#999" stroke-width="0.8"',
      ),
    );
    const tie = neckwearMarkup(neckwear, accent, collar, vDepth);
    const buttons = [vDepth + 20, vDepth + 50].map((y) => dot(4, y, 3.2, css(mix(main, BLACK, 0.45)))).join('');
    const seams = `<path d="M-58 ${n(collar)} Q-66 120 -70 320 M58 ${n(collar)} Q66 120 70 320" fill="none" stroke="${css(mix(main, BLACK, 0.35))}" stroke-width="1.5" stroke-opacity="0.6"/>`;
    return [
      `<defs>${defs}</defs>`,
      shape(body, fill),
      seams,
      shape(shirtShape, css(shirt)),
      `${shirtCollar}${tie}${lapels}${buttons}`,
    ].join('');
  };
}

function neckwearMarkup(kind: Neckwear, colour: Rgb, collar: number, length: number): string {
  if (kind === 'tie') {
    return [
      shape(
        pathData(`M-6 ${n(collar + 4)}`, `L6 ${n(collar + 4)}`, `L4 ${n(collar + 14)}`, `L-4 ${n(collar + 14)} Z`),
        css(mix(colour, BLACK, 0.2)),
      ),
      shape(
        pathData(
          `M-4 ${n(collar + 14)}`,
          `L4 ${n(collar + 14)}`,
          `L9 ${n(length - 6)}`,
          `L0 ${n(length + 4)}`,
          `L-9 ${n(length - 6)} Z`,
        ),
        css(colour),
      ),
    ].join('');
  }
  if (kind === 'bow') {
    return [
      shape(
        pathData(
          `M0 ${n(collar + 6)}`,
          `L-20 ${n(collar - 4)}`,
          `L-20 ${n(collar + 16)} Z`,
          `M0 ${n(collar + 6)}`,
          `L20 ${n(collar - 4)}`,
          `L20 ${n(collar + 16)} Z`,
        ),
        css(colour),
        ` stroke="${css(mix(colour, BLACK, 0.4))}" stroke-width="1"`,
      ),
      dot(0, collar + 6, 4, css(mix(colour, BLACK, 0.2))),
    ].join('');
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
    return [
      '<defs>',
      defs,
      '</defs>',
      `${across ? strap('M-44 -8 L-30 -10 L70 240 L56 244 Z') : mirrored(strap('M22 -8 L36 -8 L40 240 L26 240 Z'))}`,
    ].join('');
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
        : pathData(
            `M-60 -10`,
            `L60 -10`,
            `L64 ${length}`,
            `L8 ${length}`,
            `L0 40`,
            `L-8 ${length}`,
            `L-64 ${length} Z`,
          );
    return [
      '<defs>',
      defs,
      '</defs>',
      `${shape(outlineShape, fill)}`,
      `<rect x="-60" y="-12" width="120" height="14" fill="${css(mix(accent, BLACK, 0.3))}"/>`,
    ].join('');
  };
}

/** A shoe or boot at the ankle: origin at the ankle, 100 units the height of a face. */
export function shoe(boot: boolean): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const top = boot ? -90 : -14;
    return [
      `<defs>${defs}</defs>`,
      shape(`M-26 ${top} L22 ${top} L24 8 Q70 10 78 34 L-30 38 Z`, fill, outline(main, 1.5)),
      `<rect x="-32" y="32" width="112" height="10" rx="4" fill="${css(accent)}"/>`,
      glint(30, 14, 10, 3),
    ].join('');
  };
}

/** A speech bubble beside the head, with a few words or a sign. */
export function speech(text: string): Draw {
  return ({ main }) =>
    [
      `<path d="${pathData(`M66 76`, `L92 52`, `Q60 48 60 16`, `Q60 -20 130 -20`, `Q200 -20 200 16`, `Q200 52 130 52`, `L110 52 Z`)}" fill="#fff" stroke="${css(main)}" stroke-width="2.5"/>`,
      [
        `<text x="130" y="26" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="${css(main)}">`,
        text,
        '</text>',
      ].join(''),
    ].join('');
}

/** Forearms folded across the chest, the hands at the ends. */
export const foldedArms: Draw = ({ main, accent }) =>
  [
    shape('M-110 150 Q0 110 90 70 L104 96 Q10 142 -96 178 Z', css(main), outline(main, 1.5)),
    shape('M110 150 Q0 120 -90 80 L-104 106 Q-10 150 96 178 Z', css(mix(main, WHITE, 0.12)), outline(main, 1.5)),
    dot(100, 80, 16, css(accent)),
    dot(-98, 92, 16, css(accent)),
  ].join('');

export type Neckline = 'crew' | 'v' | 'scoop' | 'turtle' | 'wrap' | 'hood';
export type Pattern = 'plain' | 'stripes' | 'checks' | 'flowers' | 'dots' | 'sparkles' | 'quilted' | 'fur';

/** A top, dress or coat over the torso with its neckline and its pattern. */
export function garment(neckline: Neckline, pattern: Pattern): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.22, false);
    const collar = collarLine(neck);
    const top = collar - 10;
    const opening: Record<Neckline, string> = {
      crew: pathData(
        `M-140 ${n(top)}`,
        `L-22 ${n(top)}`,
        `Q0 ${n(collar + 14)} 22 ${n(top)}`,
        `L140 ${n(top)}`,
        `L150 320`,
        `L-150 320 Z`,
      ),
      v: pathData(
        `M-140 ${n(top)}`,
        `L-24 ${n(top)}`,
        `L0 ${n(collar + 60)}`,
        `L24 ${n(top)}`,
        `L140 ${n(top)}`,
        `L150 320`,
        `L-150 320 Z`,
      ),
      scoop: pathData(
        `M-140 ${n(collar + 10)}`,
        `L-34 ${n(collar + 10)}`,
        `Q0 ${n(collar + 60)} 34 ${n(collar + 10)}`,
        `L140 ${n(collar + 10)}`,
        `L150 320`,
        `L-150 320 Z`,
      ),
      turtle: pathData(
        `M-140 ${n(top)}`,
        `L-22 ${n(top)}`,
        `L-20 ${n(-neck * 0.7)}`,
        `Q0 ${n(-neck * 0.65)} 20 ${n(-neck * 0.7)}`,
        `L22 ${n(top)}`,
        `L140 ${n(top)}`,
        `L150 320`,
        `L-150 320 Z`,
      ),
      wrap: pathData(
        `M-140 ${n(top)}`,
        `L-22 ${n(top)}`,
        `L30 150`,
        `L24 ${n(top)}`,
        `L140 ${n(top)}`,
        `L150 320`,
        `L-150 320 Z`,
      ),
      hood: pathData(
        `M-140 ${n(top)}`,
        `L-30 ${n(top)}`,
        `Q0 ${n(collar + 22)} 30 ${n(top)}`,
        `L140 ${n(top)}`,
        `L150 320`,
        `L-150 320 Z`,
      ),
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
      wrap: [
        shape(`M-24 ${n(top)} L-12 ${n(top)} L36 150 L26 154 Z`, css(accent)),
        shape(`M12 ${n(top)} L24 ${n(top)} L-6 90 L-14 84 Z`, css(mix(accent, BLACK, 0.2))),
        `<rect x="-150" y="150" width="300" height="40" fill="${css(accent)}"/>`,
      ].join(''),
      // The hood lies on the shoulders at each side of the neck, no higher than the neckline: above it are the chin and mouth.
      hood: [
        mirrored(
          shape(
            pathData(
              `M24 ${n(top + 4)}`,
              `Q44 ${n(top - 2)} 72 ${n(top + 6)}`,
              `Q64 ${n(top + 22)} 36 ${n(top + 20)} Z`,
            ),
            css(mix(main, BLACK, 0.2)),
          ),
        ),
        line(-12, collar + 6, -14, collar + 60, WHITE, 2.5),
        line(12, collar + 6, 14, collar + 60, WHITE, 2.5),
      ].join(''),
    };
    return [
      `<defs>${defs}${clip}</defs>`,
      `<g clip-path="url(#${id}-c)">`,
      [
        `<rect x="-160" y="${n(top - 80)}" width="320" height="420" fill="${fill}"/>`,
        `${patternMarkup(pattern, accent, top)}`,
        '</g>',
        `${extras[neckline]}`,
      ].join(''),
    ].join('');
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
      square: pathData(
        `M-150 ${n(c - 10)}`,
        `L-34 ${n(c - 10)}`,
        `L-34 44`,
        `L34 44`,
        `L34 ${n(c - 10)}`,
        `L150 ${n(c - 10)}`,
      ),
      boat: pathData(`M-150 ${n(c - 10)}`, `L-64 ${n(c - 10)}`, `Q0 ${n(c + 14)} 64 ${n(c - 10)}`, `L150 ${n(c - 10)}`),
      v: pathData(`M-150 ${n(c - 10)}`, `L-30 ${n(c - 10)}`, `L0 ${vDepth}`, `L30 ${n(c - 10)}`, `L150 ${n(c - 10)}`),
      mandarin: pathData(
        `M-150 ${n(c - 10)}`,
        `L-24 ${n(c - 10)}`,
        `Q0 ${n(c - 4)} 24 ${n(c - 10)}`,
        `L150 ${n(c - 10)}`,
      ),
      'high-lace': pathData(
        `M-150 ${n(c - 10)}`,
        `L-22 ${n(c - 10)}`,
        `L-20 ${n(-neck * 0.7)}`,
        `Q0 ${n(-neck * 0.66)} 20 ${n(-neck * 0.7)}`,
        `L22 ${n(c - 10)}`,
        `L150 ${n(c - 10)}`,
      ),
    };
    const edge = edges[neckline];
    const low = neckline === 'sweetheart' || neckline === 'off-shoulder';
    const yoke = low
      ? shape(
          pathData(
            `M-150 ${n(c - 10)}`,
            `L-24 ${n(c - 10)}`,
            `Q0 ${n(c + 4)} 24 ${n(c - 10)}`,
            `L150 ${n(c - 10)}`,
            `L150 60`,
            `L-150 60 Z`,
          ),
          css(mix(accent, WHITE, 0.3)),
          ' fill-opacity="0.45"',
        )
      : '';
    const hem = `${edge} L150 320 L-150 320 Z`;
    const trim = `<path d="${edge}" fill="none" stroke="${css(shade)}" stroke-width="2.5" stroke-linejoin="round"/>`;
    const sleeves = puffSleeves
      ? mirrored(
          [
            `<ellipse cx="80" cy="14" rx="34" ry="30" fill="${fill}"${outline(main, 1)}/>`,
            `${[66, 80, 94].map((x) => `<path d="M${x} -12 Q${x + 4} 14 ${x} 40" fill="none" stroke="${css(shade)}" stroke-opacity="0.6" stroke-width="2"/>`).join('')}`,
          ].join(''),
        )
      : '';
    const details: Record<GownDetail, string> = {
      plain: '',
      // A jewel at the bottom of the V, the satin drawn into folds towards it.
      brooch: [
        mirrored(
          `<path d="${pathData(`M0 ${vDepth}`, `Q40 ${vDepth + 44} 110 ${vDepth + 54}`, `M0 ${vDepth}`, `Q30 ${vDepth + 74} 80 ${vDepth + 144}`)}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="5"/>`,
        ),
        dot(0, vDepth, 11, css(accent), outline(GOLD, 3)),
        glint(-3, vDepth - 4, 4, 2.5),
      ].join(''),
      bow: [
        shape('M0 48 L-30 30 Q-36 48 -30 66 Z M0 48 L30 30 Q36 48 30 66 Z', css(accent), outline(accent, 1.2)),
        dot(0, 48, 7, css(mix(accent, BLACK, 0.2))),
      ].join(''),
      lace: [
        `<path d="${edge}" fill="none" stroke="#fff" stroke-width="9" stroke-dasharray="2 7" stroke-linecap="round"/>`,
        `${Array.from({ length: 30 }, (_, index) => dot(-140 + (index % 10) * 31 + (Math.floor(index / 10) % 2) * 15, 70 + Math.floor(index / 10) * 26, 5, 'none', ' stroke="#fff" stroke-opacity="0.6" stroke-width="1.5"')).join('')}`,
      ].join(''),
      lacing: [
        `${[60, 80, 100, 120, 140, 160].map((y) => [`<path d="M-12 ${y} L12 ${y + 20} M12 ${y} L-12 ${y + 20}" stroke="${css(accent)}" stroke-width="3"/>`, dot(-12, y, 2.5, css(GOLD)), dot(12, y, 2.5, css(GOLD))].join('')).join('')}`,
        `<path d="M-20 40 L-20 300 M20 40 L20 300" stroke="${css(shade)}" stroke-width="3"/>`,
      ].join(''),
      frogs: [
        `${shape(pathData(`M-26 ${n(c - 10)}`, `Q0 ${n(c - 22)} 26 ${n(c - 10)}`, `L24 ${n(c + 2)}`, `Q0 ${n(c - 8)} -24 ${n(c + 2)} Z`), fill, ` stroke="${css(accent)}" stroke-width="3"`)}`,
        `<path d="M0 ${n(c - 2)} Q30 ${n(c + 20)} 48 70" fill="none" stroke="${css(accent)}" stroke-width="3"/>`,
        `${[
          [16, c + 12],
          [36, 30],
          [48, 62],
        ]
          .map(
            ([x = 0, y = 0]) =>
              `<path d="${pathData(`M${x - 12} ${n(y)}`, `h24`, `M${x - 12} ${n(y)}`, `a4 4 0 1 1 0 -0.1`, `M${x + 12} ${n(y)}`, `a4 4 0 1 0 0 -0.1`)}" fill="none" stroke="${css(GOLD)}" stroke-width="3"/>`,
          )
          .join('')}`,
      ].join(''),
      empire: [
        `<path d="M-150 66 Q0 78 150 66 L150 80 Q0 92 -150 80 Z" fill="${css(accent)}"/>`,
        `${shape('M0 78 L-22 66 L-22 90 Z M0 78 L22 66 L22 90 Z', css(accent), outline(accent, 1))}`,
      ].join(''),
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
    return [
      `<defs>${defs}<clipPath id="${id}-c">`,
      `<path d="${hem}"/>`,
      '</clipPath>',
      `</defs>${yoke}<g clip-path="url(#${id}-c)">`,
      [
        `<rect x="-160" y="${n(-neck)}" width="320" height="${n(neck + 340)}" fill="${fill}"/>`,
        `${patternMarkup(pattern, accent, -neck)}`,
        '</g>',
        `${trim}${collarRim}${buttons}${details[detail]}${sleeves}`,
      ].join(''),
    ].join('');
  };
}

/** Plate armour: a breastplate clipped to the body, with rivets. */
