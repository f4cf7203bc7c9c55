import { BLACK, WHITE, css, mix, type Rgb } from '../../../color';
import { pathData } from '../../../svg';
import { GOLD, SILVER, STEEL, type Draw } from './pieces';

const glint = (x: number, y: number, rx: number, ry: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="#fff" fill-opacity="0.55"/>`;

/**
 * Things held in the hand, drawn with the hand at the origin and 100 units the height of the face;
 * they rise from the hand (negative y). The hand itself is a fist in the colour of the skin.
 */
function grip(colour: Rgb): string {
  const shadow = css(mix(colour, BLACK, 0.3));
  return [
    `<ellipse cx="0" cy="0" rx="17" ry="13" fill="${css(colour)}" stroke="${shadow}" stroke-width="1.5"/>`,
    `${[-8, 0, 8].map((x) => `<path d="M${x - 4} -6 Q${x} -10 ${x + 4} -6" fill="none" stroke="${shadow}" stroke-width="1.2"/>`).join('')}`,
  ].join('');
}

/** Bright colours of balloons, paints, bags and balls. */
const PARTY: readonly Rgb[] = [
  [230, 50, 60],
  [60, 140, 230],
  [250, 200, 40],
  [60, 180, 90],
];

function gradient(id: string, colour: Rgb): string {
  return [
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.2">`,
    `<stop offset="0" stop-color="${css(mix(colour, WHITE, 0.45))}"/>`,
    `<stop offset="0.5" stop-color="${css(colour)}"/>`,
    `<stop offset="1" stop-color="${css(mix(colour, BLACK, 0.45))}"/>`,
    '</linearGradient>',
  ].join('');
}

/** A prop: what the fist closes on, then the fist over it. */
function prop(held: (id: string, main: Rgb) => string): Draw {
  // A hand's accent is the colour of the skin.
  return ({ id, main, accent }) =>
    [
      '<defs>',
      `${gradient(`${id}-p`, main)}${gradient(`${id}-s`, SILVER)}`,
      '</defs>',
      `${held(id, main)}${grip(accent)}`,
    ].join('');
}

export const PROPS = {
  sword: prop((id) =>
    [
      `<rect x="-6" y="-190" width="12" height="170" fill="url(#${id}-s)" stroke="#667" stroke-width="1"/>`,
      `<path d="M-6 -190 L0 -210 L6 -190 Z" fill="url(#${id}-s)"/>`,
      `<rect x="-32" y="-22" width="64" height="9" rx="4" fill="${css(GOLD)}"/>`,
      '<rect x="-4" y="-14" width="8" height="30" fill="#5a3a1a"/>',
    ].join(''),
  ),
  staff: prop((id, main) =>
    [
      `<rect x="-5" y="-200" width="10" height="260" rx="4" fill="url(#${id}-p)"/>`,
      `<circle cx="0" cy="-212" r="18" fill="${css(mix(main, WHITE, 0.5))}" fill-opacity="0.9"/>`,
      `<circle cx="0" cy="-212" r="34" fill="${css(main)}" fill-opacity="0.25"/>`,
    ].join(''),
  ),
  wand: prop(() =>
    [
      '<rect x="-3" y="-90" width="6" height="100" rx="3" fill="#3b2414"/>',
      `<path d="${pathData(`M0 -110`, `l6 12`, `l13 2`, `l-10 9`, `l3 13`, `l-12 -7`, `l-12 7`, `l3 -13`, `l-10 -9`, `l13 -2 Z`)}" fill="#ffe680"/>`,
    ].join(''),
  ),
  axe: prop((id) =>
    [
      '<rect x="-5" y="-170" width="10" height="200" rx="4" fill="#6b4423"/>',
      `<path d="M4 -168 Q60 -190 66 -130 Q40 -140 4 -128 Z" fill="url(#${id}-s)" stroke="#556" stroke-width="1.5"/>`,
    ].join(''),
  ),
  club: prop(() =>
    [
      '<path d="M-8 10 L-14 -100 Q0 -130 18 -104 L8 10 Z" fill="#7a5634" stroke="#4a3220" stroke-width="2"/>',
      '<ellipse cx="4" cy="-96" rx="16" ry="22" fill="#8a8a80"/>',
    ].join(''),
  ),
  microphone: prop((id) =>
    [
      '<path d="M-9 -30 L-6 20 L6 20 L9 -30 Z" fill="#222"/>',
      [
        `<circle cx="0" cy="-46" r="20" fill="url(#${id}-s)" stroke="#555" stroke-width="1.5"/>`,
        `${[-10, 0, 10].map((offset) => `<line x1="-16" y1="${-46 + offset}" x2="16" y2="${-46 + offset}" stroke="#666" stroke-width="1"/>`).join('')}`,
      ].join(''),
    ].join(''),
  ),
  guitar: prop((id, main) =>
    [
      '<rect x="-5" y="-190" width="10" height="150" fill="#4a2e16"/>',
      '<rect x="-9" y="-214" width="18" height="28" rx="3" fill="#222"/>',
      `<path d="${pathData(`M0 -40`, `C-60 -44 -64 10 -30 24`, `C-70 50 -50 110 0 106`, `C50 110 70 50 30 24`, `C64 10 60 -44 0 -40 Z`)}" fill="url(#${id}-p)" stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="2"/>`,
      '<circle cx="0" cy="30" r="12" fill="#1a1a1a"/>',
    ].join(''),
  ),
  cup: prop((_id, main) =>
    [
      `<path d="M-24 -50 L24 -50 L20 0 L-20 0 Z" fill="${css(main)}" stroke="${css(mix(main, BLACK, 0.4))}" stroke-width="1.5"/>`,
      `<path d="M24 -40 Q40 -36 36 -18 Q32 -8 21 -10" fill="none" stroke="${css(main)}" stroke-width="5"/>`,
      [
        '<ellipse cx="0" cy="-50" rx="24" ry="5" fill="#5a3418"/>',
        `${[-10, 4].map((x) => `<path d="M${x} -62 q-8 -14 0 -28 q8 -14 0 -28" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="4" stroke-linecap="round"/>`).join('')}`,
      ].join(''),
    ].join(''),
  ),
  glass: prop(() =>
    [
      '<path d="M-22 -110 L22 -110 Q22 -70 0 -62 Q-22 -70 -22 -110 Z" fill="#f3d27a" fill-opacity="0.85" stroke="#fff" stroke-width="2"/>',
      '<rect x="-2" y="-62" width="4" height="50" fill="#eef"/>',
      '<ellipse cx="0" cy="-12" rx="16" ry="4" fill="#eef"/>',
    ].join(''),
  ),
  umbrella: prop((id, main) =>
    [
      '<rect x="-3" y="-190" width="6" height="200" fill="#333"/>',
      `<path d="${pathData(`M-130 -170`, `Q0 -290 130 -170`, `Q108 -186 86 -170`, `Q65 -186 43 -170`, `Q22 -186 0 -170`, `Q-22 -186 -43 -170`, `Q-65 -186 -86 -170`, `Q-108 -186 -130 -170 Z`)}" fill="url(#${id}-p)" stroke="${css(mix(main, BLACK, 0.4))}" stroke-width="2"/>`,
    ].join(''),
  ),
  book: prop((_id, main) =>
    [
      `<path d="M-70 -80 L0 -66 L70 -80 L70 -6 L0 8 L-70 -6 Z" fill="#fbf7ea" stroke="${css(main)}" stroke-width="6"/>`,
      [
        '<line x1="0" y1="-66" x2="0" y2="8" stroke="#999" stroke-width="2"/>',
        `${[-60, -50, -40].map((y) => [`<line x1="-60" y1="${y}" x2="-10" y2="${y + 8}" stroke="#aaa" stroke-width="1.5"/>`, `<line x1="10" y1="${y + 8}" x2="60" y2="${y}" stroke="#aaa" stroke-width="1.5"/>`].join('')).join('')}`,
      ].join(''),
    ].join(''),
  ),
  phone: prop((id) =>
    [
      '<rect x="-22" y="-100" width="44" height="90" rx="7" fill="#1b1b1f"/>',
      `<rect x="-18" y="-94" width="36" height="76" rx="3" fill="url(#${id}-p)"/>`,
    ].join(''),
  ),
  camera: prop((id) =>
    [
      '<rect x="-50" y="-70" width="100" height="62" rx="8" fill="#2a2a2a"/>',
      '<rect x="-50" y="-52" width="100" height="18" fill="#6b4a2e"/>',
      `<circle cx="0" cy="-40" r="22" fill="url(#${id}-s)" stroke="#111" stroke-width="4"/>`,
      '<circle cx="0" cy="-40" r="11" fill="#123"/>',
      '<rect x="24" y="-80" width="16" height="10" fill="#444"/>',
    ].join(''),
  ),
  flask: prop((_id, main) =>
    [
      `<path d="${pathData(`M-8 -110`, `L8 -110`, `L8 -80`, `L34 -20`, `Q38 -4 20 -4`, `L-20 -4`, `Q-38 -4 -34 -20`, `L-8 -80 Z`)}" fill="${css(main)}" fill-opacity="0.85" stroke="#fff" stroke-width="2.5"/>`,
      `<circle cx="0" cy="-40" r="50" fill="${css(main)}" fill-opacity="0.18"/>`,
    ].join(''),
  ),
  magnifier: prop(() =>
    [
      '<rect x="-5" y="-70" width="10" height="80" rx="4" fill="#5a3a1a"/>',
      `<circle cx="0" cy="-104" r="34" fill="#cfe8ff" fill-opacity="0.35" stroke="${css(GOLD)}" stroke-width="8"/>`,
    ].join(''),
  ),
  bouquet: prop((_id, main) =>
    [
      '<path d="M-8 10 L-40 -70 L40 -70 L8 10 Z" fill="#7fb069"/>',
      `${Array.from({ length: 9 }, (_, index) => {
        const x = -40 + (index % 5) * 20;
        const y = -86 - Math.floor(index / 5) * 22 - (index % 2) * 6;
        return [
          `<circle cx="${x}" cy="${y}" r="13" fill="${css(mix(main, [255, 120, 170], (index % 3) / 3))}"/>`,
          `<circle cx="${x}" cy="${y}" r="4" fill="#ffd84a"/>`,
        ].join('');
      }).join('')}`,
    ].join(''),
  ),
  balloons: prop((_id, main) =>
    [-50, 0, 50]
      .map((x, index) =>
        [
          `<path d="M0 -10 Q${x / 2} -100 ${x} -190" fill="none" stroke="#888" stroke-width="1.5"/>`,
          `<ellipse cx="${x}" cy="${-222 + index * 10}" rx="32" ry="40" fill="${css(mix(main, PARTY[index] ?? main, 0.6))}"/>`,
          `<ellipse cx="${x - 10}" cy="${-236 + index * 10}" rx="8" ry="12" fill="#fff" fill-opacity="0.45"/>`,
        ].join(''),
      )
      .join(''),
  ),
  iceCream: prop((_id, main) =>
    [
      '<path d="M-20 -50 L0 4 L20 -50 Z" fill="#d9a05b" stroke="#a8713a" stroke-width="1.5"/>',
      `<circle cx="0" cy="-60" r="22" fill="${css(main)}"/>`,
      '<circle cx="-10" cy="-84" r="16" fill="#fbe3ee"/>',
      '<circle cx="10" cy="-86" r="15" fill="#6b3e26"/>',
    ].join(''),
  ),
  cake: prop((_id, main) =>
    [
      '<rect x="-70" y="-60" width="140" height="56" rx="6" fill="#f7e1c8" stroke="#c9a27a" stroke-width="2"/>',
      [
        `<path d="M-70 -52 Q-52 -36 -35 -52 Q-17 -36 0 -52 Q17 -36 35 -52 Q52 -36 70 -52" fill="none" stroke="${css(main)}" stroke-width="8"/>`,
        `${[-40, -15, 15, 40].map((x) => [`<rect x="${x - 3}" y="-90" width="6" height="30" fill="#7ec8ff"/>`, `<path d="M${x} -104 q-6 8 0 12 q6 -4 0 -12 Z" fill="#ffb020"/>`].join('')).join('')}`,
      ].join(''),
    ].join(''),
  ),
  pan: prop(() =>
    [
      '<rect x="-4" y="-60" width="8" height="70" fill="#222"/>',
      '<ellipse cx="0" cy="-90" rx="64" ry="22" fill="#2b2b2b"/>',
      [
        '<ellipse cx="0" cy="-94" rx="54" ry="16" fill="#444"/>',
        `${[-20, 4, 24].map((x) => `<circle cx="${x}" cy="${-118 - (x % 3) * 6}" r="8" fill="#e8a93a"/>`).join('')}`,
      ].join(''),
    ].join(''),
  ),
  brush: prop((_id, main) =>
    [
      '<rect x="-4" y="-110" width="8" height="120" rx="3" fill="#c98a4b"/>',
      `<path d="M-6 -110 L6 -110 L3 -134 L-3 -134 Z" fill="${css(main)}"/>`,
      [
        '<ellipse cx="-70" cy="-30" rx="46" ry="32" fill="#d9b48a"/>',
        `${[
          [-90, -40],
          [-70, -48],
          [-52, -36],
          [-84, -20],
        ]
          .map(
            ([x = 0, y = 0], index) =>
              `<circle cx="${x}" cy="${y}" r="7" fill="${css(mix(main, PARTY[index] ?? main, 0.7))}"/>`,
          )
          .join('')}`,
      ].join(''),
    ].join(''),
  ),
  cards: prop(() =>
    [-24, -8, 8, 24]
      .map((angle, index) =>
        [
          `<g transform="rotate(${angle})">`,
          '<rect x="-18" y="-96" width="36" height="54" rx="4" fill="#fff" stroke="#444" stroke-width="1.5"/>',
          [
            `<text x="-12" y="-78" font-size="14" fill="${index % 2 === 0 ? '#c00' : '#111'}" font-family="DejaVu Sans">`,
            `${index % 2 === 0 ? '♥' : '♠'}`,
            '</text>',
          ].join(''),
          '</g>',
        ].join(''),
      )
      .join(''),
  ),
  snowball: prop(() =>
    [
      '<circle cx="0" cy="-30" r="26" fill="#f6fbff" stroke="#cfe0ee" stroke-width="2"/>',
      '<circle cx="-8" cy="-38" r="6" fill="#fff"/>',
    ].join(''),
  ),
  rod: prop(() =>
    [
      '<line x1="0" y1="0" x2="150" y2="-240" stroke="#4a3220" stroke-width="5" stroke-linecap="round"/>',
      '<path d="M150 -240 Q176 -120 170 20" fill="none" stroke="#ccc" stroke-width="1.5"/>',
    ].join(''),
  ),
  bags: prop((_id, main) =>
    [-50, 20]
      .map((x, index) =>
        [
          `<path d="M${x + 10} 0 Q${x + 30} -30 ${x + 50} 0" fill="none" stroke="#333" stroke-width="3"/>`,
          `<rect x="${x}" y="0" width="60" height="70" rx="4" fill="${css(mix(main, PARTY[index] ?? main, 0.6))}"/>`,
        ].join(''),
      )
      .join(''),
  ),
  juggling: prop(
    (_id, main) =>
      [-70, 0, 70]
        .map(
          (x, index) =>
            `<circle cx="${x}" cy="${-150 + Math.abs(x)}" r="18" fill="${css(mix(main, PARTY[index] ?? main, 0.7))}"/>`,
        )
        .join('') +
      '<path d="M-70 -80 Q0 -220 70 -80" fill="none" stroke="#fff" stroke-dasharray="6 8" stroke-width="2"/>',
  ),
  bow: prop((_id, main) =>
    [
      `<path d="M-30 -160 Q50 -80 -30 0" fill="none" stroke="${css(main)}" stroke-width="9"/>`,
      '<line x1="-30" y1="-160" x2="-30" y2="0" stroke="#ddd" stroke-width="1.5"/>',
      '<line x1="-30" y1="-80" x2="110" y2="-80" stroke="#6b4423" stroke-width="4"/>',
      `<path d="M110 -88 L128 -80 L110 -72 Z" fill="${css(STEEL)}"/>`,
    ].join(''),
  ),
  torch: prop(() =>
    [
      '<rect x="-6" y="-90" width="12" height="100" fill="#6b4423"/>',
      '<path d="M0 -170 C-30 -130 -20 -100 0 -92 C20 -100 30 -130 0 -170 Z" fill="#ff8a1f"/>',
      '<path d="M0 -140 C-12 -120 -8 -104 0 -100 C8 -104 12 -120 0 -140 Z" fill="#ffe27a"/>',
    ].join(''),
  ),
  shield: prop((id) =>
    [
      `<path d="M-70 -140 L70 -140 L66 -40 Q40 20 0 40 Q-40 20 -66 -40 Z" fill="url(#${id}-p)" stroke="${css(GOLD)}" stroke-width="6"/>`,
      `<path d="M0 -130 L0 30 M-66 -70 L66 -70" stroke="${css(GOLD)}" stroke-width="10"/>`,
    ].join(''),
  ),
  laptop: prop(() =>
    [
      '<path d="M-90 -10 L90 -10 L110 10 L-110 10 Z" fill="#9aa0a8"/>',
      '<rect x="-84" y="-110" width="168" height="100" rx="6" fill="#2e3238"/>',
      '<rect x="-76" y="-102" width="152" height="84" fill="#5a8fd8"/>',
    ].join(''),
  ),
  trowel: prop(() =>
    [
      '<rect x="-4" y="-60" width="8" height="70" fill="#3f7a3a"/>',
      `<path d="M-18 -60 L18 -60 L0 -120 Z" fill="${css(SILVER)}"/>`,
      '<circle cx="60" cy="-40" r="14" fill="#e85a8a"/>',
      '<path d="M60 -26 L60 10" stroke="#3f7a3a" stroke-width="4"/>',
    ].join(''),
  ),
  leash: prop(() =>
    [
      '<path d="M0 0 Q60 120 140 170" fill="none" stroke="#b03030" stroke-width="4"/>',
      '<ellipse cx="190" cy="190" rx="50" ry="30" fill="#c08a50"/>',
      '<circle cx="150" cy="160" r="22" fill="#c08a50"/>',
      '<path d="M136 146 L130 124 L148 140 Z" fill="#8a5a30"/>',
    ].join(''),
  ),
  seeds: prop(
    () =>
      Array.from({ length: 4 }, (_, index) =>
        [
          `<path d="${pathData(`M${60 + index * 40} ${-120 - (index % 2) * 40}`, `q12 -12 24 0`, `q-12 6 -24 0 Z`)}" fill="#6a6a72"/>`,
          `<circle cx="${80 + index * 40}" cy="${-126 - (index % 2) * 40}" r="7" fill="#4a4a52"/>`,
        ].join(''),
      ).join('') + '<circle cx="0" cy="-12" r="10" fill="#d8b46a"/>',
  ),
  spell: prop((id, main) =>
    [
      `<radialGradient id="${id}-o">`,
      '<stop offset="0" stop-color="#fff"/>',
      `<stop offset="0.4" stop-color="${css(main)}" stop-opacity="0.9"/>`,
      `<stop offset="1" stop-color="${css(main)}" stop-opacity="0"/>`,
      '</radialGradient>',
      `<circle cx="0" cy="-60" r="60" fill="url(#${id}-o)"/>`,
      `<path d="M0 -60 m-40 0 a40 40 0 1 1 40 40 a28 28 0 1 1 -28 -28" fill="none" stroke="${css(mix(main, WHITE, 0.5))}" stroke-width="3"/>`,
    ].join(''),
  ),
  marshmallow: prop(() =>
    [
      '<line x1="0" y1="0" x2="110" y2="-140" stroke="#8a6a40" stroke-width="4"/>',
      '<rect x="100" y="-160" width="22" height="18" rx="6" fill="#f5e6c8" transform="rotate(-50 111 -151)"/>',
      `<path d="${pathData(`M100 -110`, `C80 -80 100 -60 120 -50`, `C140 -60 150 -90 130 -110`, `C125 -95 110 -95 100 -110 Z`)}" fill="#ff8a1f" fill-opacity="0.85"/>`,
    ].join(''),
  ),
  snowman: prop(() =>
    [
      '<circle cx="120" cy="-20" r="46" fill="#f8fbff" stroke="#cde" stroke-width="2"/>',
      '<circle cx="120" cy="-90" r="32" fill="#f8fbff" stroke="#cde" stroke-width="2"/>',
      '<circle cx="110" cy="-96" r="3" fill="#111"/>',
      '<circle cx="130" cy="-96" r="3" fill="#111"/>',
      '<path d="M120 -88 L142 -84 L120 -82 Z" fill="#f28c28"/>',
    ].join(''),
  ),
  watch: prop(() =>
    [
      '<rect x="-20" y="-24" width="40" height="16" fill="#3a2a1a"/>',
      `<circle cx="0" cy="-16" r="16" fill="${css(GOLD)}"/>`,
      '<circle cx="0" cy="-16" r="12" fill="#f8f4e8"/>',
      '<path d="M0 -16 L0 -25 M0 -16 L7 -12" stroke="#222" stroke-width="2"/>',
    ].join(''),
  ),
  ball: prop((id, main) =>
    [
      `<circle cx="0" cy="-46" r="40" fill="url(#${id}-p)" stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="2"/>`,
      [
        `<path d="M-40 -46 Q0 -30 40 -46 M0 -86 Q-16 -46 0 -6" fill="none" stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="2.5"/>`,
        `${glint(-14, -64, 9, 5)}`,
      ].join(''),
    ].join(''),
  ),
  racket: prop((id) =>
    [
      '<rect x="-4" y="-70" width="8" height="76" rx="3" fill="#333"/>',
      [
        `<ellipse cx="0" cy="-120" rx="36" ry="48" fill="#fff" fill-opacity="0.15" stroke="url(#${id}-p)" stroke-width="7"/>`,
        `${[-20, -8, 4, 16].map((x) => `<line x1="${x}" y1="-160" x2="${x}" y2="-80" stroke="#eee" stroke-width="1"/>`).join('')}`,
        '<circle cx="52" cy="-170" r="12" fill="#d8f040"/>',
      ].join(''),
    ].join(''),
  ),
  horn: prop((id) =>
    [
      `<path d="M-6 0 L-6 -90 Q-6 -110 14 -110 L24 -110 L70 -150 L70 -60 L24 -100 L14 -100 Q4 -100 4 -90 L4 0 Z" fill="url(#${id}-p)" stroke="#8a6a20" stroke-width="2"/>`,
      `${[-70, -50, -30].map((y) => `<circle cx="-10" cy="${y}" r="4" fill="#f4e2a0"/>`).join('')}`,
    ].join(''),
  ),
  flower: prop((_id, main) =>
    [
      '<path d="M0 0 L0 -90" stroke="#3f7a3a" stroke-width="4"/>',
      `${[0, 72, 144, 216, 288].map((turn) => `<ellipse cx="0" cy="-108" rx="9" ry="18" transform="rotate(${turn} 0 -96)" fill="${css(main)}"/>`).join('')}`,
      '<circle cx="0" cy="-96" r="7" fill="#ffd84a"/>',
    ].join(''),
  ),
} as const satisfies Record<string, Draw>;

export type PropName = keyof typeof PROPS;

/** The fingers of an open hand, little finger to index: where each rises from the palm, its length and its lean (degrees). */
const FINGERS: readonly (readonly [x: number, length: number, lean: number])[] = [
  [-19, 34, -14],
  [-7, 44, -5],
  [6, 47, 3],
  [18, 42, 11],
];

/**
 * A raised open hand, palm to the camera (waving, clapping, a glove): palm, four parted fingers and
 * the thumb out to the side, in the colour of the skin, with motion arcs. The wrist is at the origin.
 */
export const openHand: Draw = ({ accent }) => {
  const shadow = css(mix(accent, BLACK, 0.35));
  const finger = ([x, length, lean]: readonly [number, number, number]) =>
    `<rect x="${x - 5.5}" y="${-38 - length}" width="11" height="${length + 8}" rx="5.5" transform="rotate(${lean} ${x} -34)"/>`;
  const thumb = '<rect x="22" y="-40" width="12" height="36" rx="6" transform="rotate(38 26 -6)"/>';
  const palm = '<path d="M-16 18 L-24 -20 Q-26 -40 -8 -42 L18 -42 Q30 -40 28 -20 L18 18 Z"/>';
  const hand = `${FINGERS.map(finger).join('')}${thumb}${palm}`;
  // Drawn twice, outlined then filled, so the outline runs round the whole hand and not between its parts.
  const creases = `<path d="M-14 -22 Q2 -14 20 -24 M-10 -6 Q4 -2 12 -14" fill="none" stroke="${shadow}" stroke-opacity="0.6" stroke-width="1.6" stroke-linecap="round"/>`;
  const nails = FINGERS.map(
    ([x, length, lean]) =>
      `<ellipse cx="${x}" cy="${-32 - length}" rx="3" ry="4" transform="rotate(${lean} ${x} -34)" fill="#fff" fill-opacity="0.35"/>`,
  ).join('');
  const arcs =
    '<path d="M-44 -84 Q-58 -50 -44 -16 M48 -84 Q62 -50 48 -16" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="3.5" stroke-linecap="round"/>';
  return [
    `<g fill="${shadow}" stroke="${shadow}" stroke-width="4" stroke-linejoin="round">${hand}</g>`,
    `<g fill="${css(accent)}">${hand}</g>${creases}${nails}${arcs}`,
  ].join('');
};

/**
 * A boxing glove raised at the wrist: the padded mitt with its thumb, a white cuff and its lacing,
 * lit from the top left. The wrist is at the origin.
 */
export const boxingGlove: Draw = ({ id, main }) => {
  const shadow = css(mix(main, BLACK, 0.4));
  const mitt =
    'M-30 -6 Q-40 -40 -30 -72 Q-18 -100 10 -100 Q38 -98 42 -66 Q46 -40 34 -18 Q26 -4 20 -2 L-22 -2 Q-28 -2 -30 -6 Z';
  const thumb = 'M30 -30 Q52 -34 50 -56 Q48 -70 36 -66';
  return (
    `<defs>${gradient(`${id}-g`, main)}</defs>` +
    `<path d="${mitt}" fill="url(#${id}-g)" stroke="${shadow}" stroke-width="3"/>` +
    `<path d="${thumb}" fill="none" stroke="${shadow}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M-6 -64 Q6 -58 18 -64" fill="none" stroke="${shadow}" stroke-opacity="0.5" stroke-width="2.5"/>` +
    glint(-12, -80, 9, 14) +
    '<rect x="-24" y="-4" width="46" height="26" rx="5" fill="#f4f4f4" stroke="#bbb" stroke-width="2"/>' +
    [4, 12]
      .map((y) => `<path d="M-10 ${y} L8 ${y + 6} M-10 ${y + 6} L8 ${y}" stroke="#999" stroke-width="2"/>`)
      .join('')
  );
};

export const pointingHand: Draw = ({ accent }) =>
  [
    `<path d="${pathData(`M-20 16`, `L-20 -14`, `Q-20 -24 -8 -24`, `L60 -26`, `Q70 -22 60 -16`, `L10 -12`, `L10 16 Z`)}" fill="${css(accent)}" stroke="${css(mix(accent, BLACK, 0.3))}" stroke-width="2"/>`,
    '<path d="M78 -20 l20 0 M76 -34 l14 -8 M76 -6 l14 8" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
  ].join('');
