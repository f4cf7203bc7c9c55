import { BLACK, WHITE, css, mix } from '../../../../color';
import { n, pathData } from '../../../../svg';
import { collarLine, GOLD, SILVER, lit, shape, outline, dot, line, glint, type Draw } from './paint';

// ── Torso frame (as in clothes.ts): what the person rides, wears at the neck or across the chest ──

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
      [
        dot(x, y, 6, iris, ` stroke="${dark}" stroke-width="1.5"`),
        dot(x - 1, y, 2.6, '#111'),
        glint(x - 2.5, y - 2.5, 1.6, 1.1),
      ].join('');
    const features: Record<Mount, string> = {
      horse: `${eye(-50, 32, '#3a2414')}${dot(-88, 74, 3.5, dark)}`,
      unicorn: [
        eye(-50, 32, '#3a2414'),
        dot(-88, 74, 3.5, dark),
        shape('M-40 8 L-70 -50 L-30 2 Z', css(GOLD), outline(GOLD, 1)),
        `${[-14, -26, -38].map((y) => line(-34 + (y + 14) * 0.55, y + 10, -44 + (y + 14) * 0.55, y + 4, mix(GOLD, BLACK, 0.35), 1.5)).join('')}`,
      ].join(''),
      dragon: [
        shape(
          'M-14 6 Q0 -30 30 -44 Q10 -20 2 12 Z M-34 0 Q-26 -36 0 -56 Q-16 -28 -20 4 Z',
          '#ece2c8',
          outline([200, 180, 140], 1),
        ),
        eye(-54, 24, '#f5d020'),
        [
          '<path d="M-54 19 L-54 29" stroke="#111" stroke-width="2"/>',
          `${[-92, -84, -76].map((x) => shape(`M${x} 62 l4 8 l4 -8 Z`, '#fbfbf2')).join('')}`,
        ].join(''),
        dot(-96, 50, 3, dark),
        `${[40, 70, 100, 130].map((y) => shape(`M${n(24 - (y - 40) * 0.05)} ${y} l14 -6 l-10 -14 Z`, css(accent))).join('')}`,
      ].join(''),
      eagle: [
        shape(BEAK, css(GOLD), outline(GOLD, 1.2)),
        eye(-52, 20, '#f0b020'),
        [
          `<path d="M-64 12 Q-52 6 -40 14" fill="none" stroke="${dark}" stroke-width="3"/>`,
          `${[60, 84, 108].map((y) => `<path d="M${-28 + (y - 60) * 0.05} ${y} q14 10 28 0 q14 10 28 0" fill="none" stroke="${css(accent)}" stroke-width="4"/>`).join('')}`,
        ].join(''),
      ].join(''),
      firebird: [
        `${[0, 1, 2, 3].map((index) => shape(pathData(`M${-40 + index * 14} ${2 + index * 4}`, `Q${-30 + index * 22} ${-40 - index * 4} ${-6 + index * 26} ${-34 + index * 8}`, `Q${-14 + index * 18} ${-10} ${-26 + index * 16} ${10 + index * 4} Z`), css(index % 2 === 0 ? accent : [255, 220, 80]))).join('')}`,
        shape(BEAK, css(GOLD), outline(GOLD, 1.2)),
        eye(-52, 20, '#ffe680'),
      ].join(''),
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
    return [
      `<defs>${defs}</defs>`,
      [
        '<g transform="translate(-34 46) scale(0.66)">',
        `${mane}${shape(MOUNT_HEADS[kind], fill, outline(main, 2))}${features[kind]}`,
        '</g>',
      ].join(''),
    ].join('');
  };
}

/** A flying carpet under the rider across the bottom of the picture: a gold border, medallions and a fringe along its edge. */
export const carpet: Draw = ({ id, main, accent }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.25);
  const edge = (y: number) => `M-240 ${y} Q-120 ${y - 16} 0 ${y} T240 ${y}`;
  const fringe = Array.from({ length: 48 }, (_, index) =>
    line(-236 + index * 10, 62, -236 + index * 10, 50 + (index % 2) * 3, mix(accent, WHITE, 0.3), 2.5),
  ).join('');
  const medallions = Array.from({ length: 8 }, (_, index) =>
    [
      shape(`M${-210 + index * 60} 112 l20 -16 l20 16 l-20 16 Z`, css(accent), outline(accent, 1)),
      dot(-190 + index * 60, 112, 5, css(mix(main, BLACK, 0.2))),
    ].join(''),
  ).join('');
  return [
    `<defs>${defs}</defs>${fringe}`,
    shape(`${edge(64)} L240 380 L-240 380 Z`, fill, outline(main, 2)),
    `<path d="`,
    edge(76),
    `" fill="none" stroke="${css(accent)}" stroke-width="7"/><path d="`,
    edge(140),
    `" fill="none" stroke="${css(accent)}" stroke-width="5"/>${medallions}`,
  ].join('');
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
  return [
    `<defs>${defs}</defs>`,
    shape(
      pathData(
        `M-34 ${n(y - 14)}`,
        `Q0 ${n(y + 4)} 34 ${n(y - 14)}`,
        `L38 ${n(y + 6)}`,
        `Q0 ${n(y + 26)} -38 ${n(y + 6)} Z`,
      ),
      fill,
    ),
    shape(`M6 ${n(y + 10)} L26 ${n(y + 10)} L30 ${n(y + 110)} L12 ${n(y + 112)} Z`, fill),
    line(8, y + 100, 30, y + 100, accent, 3),
  ].join('');
};

export const stethoscope: Draw = (_paint, { neck }) => {
  const y = collarLine(neck);
  return [
    `<path d="${pathData(`M-26 ${n(y - 10)}`, `Q-40 ${n(y + 80)} -10 ${n(y + 110)}`, `M26 ${n(y - 10)}`, `Q40 ${n(y + 60)} 30 ${n(y + 120)}`)}" fill="none" stroke="#2c3e50" stroke-width="4"/>`,
    dot(30, y + 126, 9, css(SILVER), outline(SILVER, 1.5)),
    glint(27, y + 123, 3, 2),
  ].join('');
};

/** A sash across the chest from one shoulder to the other hip (royals), or a draped toga. */
export function sash(width: number): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.25, false);
    return [
      `<defs>${defs}</defs>`,
      [
        `<path d="M-56 -6 L${-56 + width} -6 L80 300 L${80 - width} 300 Z" fill="${fill}"/>`,
        `${line(-56 + width, -6, 80, 300, accent, 3)}`,
      ].join(''),
    ].join('');
  };
}

/** A star or emblem on the chest (superhero, sheriff). */
export const emblem: Draw = ({ accent, main }) => {
  const points = Array.from({ length: 10 }, (_, index) => {
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    const radius = index % 2 === 0 ? 22 : 9;
    return `${n(radius * Math.cos(angle))} ${n(100 + radius * Math.sin(angle))}`;
  });
  return [
    `<path d="M-32 74 L32 74 L40 92 L0 136 L-40 92 Z" fill="${css(main)}" stroke="${css(mix(main, BLACK, 0.4))}" stroke-width="2"/>`,
    `<path d="M${points.join(' L')} Z" fill="${css(accent)}"/>`,
  ].join('');
};

/** Ermine trim around the neckline (king, queen): white fur with black tails. */
export const ermine: Draw = (_paint, { neck }) => {
  const y = collarLine(neck);
  const band = pathData(`M-62 ${n(y + 26)}`, `Q-34 ${n(y - 8)} 0 ${n(y + 4)}`, `Q34 ${n(y - 8)} 62 ${n(y + 26)}`);
  const tails = Array.from({ length: 7 }, (_, index) => {
    const t = (index - 3) / 3;
    return shape(`M${n(t * 52)} ${n(y + 8 + 14 * t * t)} l-2 6 l2 -1.5 l2 1.5 Z`, '#111');
  }).join('');
  return [
    `<path d="${band}" fill="none" stroke="#efe9dc" stroke-width="18" stroke-linecap="round"/>`,
    `<path d="${band}" fill="none" stroke="#fbf9f4" stroke-width="11" stroke-linecap="round"/>${tails}`,
  ].join('');
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
    return `<path d="${pathData(`M${n(a[0])} ${n(a[1])}`, `L${n(b[0])} ${n(b[1])}`, `Q${n(c[0])} ${n(c[1])} ${n(d[0])} ${n(d[1])}`, `L${n(e[0])} ${n(e[1])} Z`)}" fill="${shade}" stroke="#c8c8c0" stroke-width="0.8" stroke-linejoin="round"/>`;
  });
  // The neck passes in front of the ruff's back half: its hole is cut up to the outer edge behind.
  const hole = [
    '<g fill="#000">',
    `<ellipse cx="0" cy="${n(y - 6)}" rx="15" ry="10"/>`,
    `<rect x="-15" y="${n(y - 30)}" width="30" height="24"/>`,
    '</g>',
  ].join('');
  return [
    '<defs>',
    `<mask id="${id}-m">`,
    `<rect x="-80" y="${n(y - 40)}" width="160" height="80" fill="#fff"/>${hole}</mask>`,
    '</defs>',
    `<g mask="url(#${id}-m)">${pleats.join('')}</g>`,
  ].join('');
};

/** Water up to the chest (swimming): in front of the body, with ripples. */
