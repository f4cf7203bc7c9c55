import { BLACK, WHITE, css, mix } from '../../../../color';
import { n, pathData } from '../../../../svg';
import { GOLD, lit, metal, shape, outline, dot, line, glint, mirrored, type Draw } from './paint';

// ── Face: origin between the eyes, eyes at x = ±50, nose, mouth and chin at their heights ──

export type GlassesKind = 'round' | 'square' | 'sun' | 'goggles' | 'monocle';

export function glasses(kind: GlassesKind): Draw {
  return ({ id, main, accent }) => {
    const dark = kind === 'sun' || kind === 'goggles';
    const lens = [
      '<defs>',
      `<linearGradient id="${id}-lens" x1="0" y1="0" x2="0.3" y2="1">`,
      `<stop offset="0" stop-color="${dark ? css(mix(accent, BLACK, 0.3)) : '#ffffff'}" stop-opacity="${dark ? 0.92 : 0.18}"/>`,
      `<stop offset="1" stop-color="${dark ? css(mix(accent, BLACK, 0.75)) : '#cfe6ff'}" stop-opacity="${dark ? 0.95 : 0.1}"/>`,
      '</linearGradient>',
      '</defs>',
    ].join('');
    const frame = ` stroke="${css(main)}" stroke-width="${kind === 'goggles' ? 9 : 5}"`;
    const rim = (x: number) =>
      kind === 'square' || kind === 'sun'
        ? `<rect x="${x - 36}" y="-24" width="72" height="${kind === 'sun' ? 50 : 44}" rx="${kind === 'sun' ? 18 : 9}" fill="url(#${id}-lens)"${frame}/>`
        : `<circle cx="${x}" cy="2" r="${kind === 'goggles' ? 36 : 32}" fill="url(#${id}-lens)"${frame}/>`;
    if (kind === 'monocle')
      return [
        lens,
        rim(50),
        glint(38, -12, 8, 4),
        `<path d="M82 2 Q96 60 60 120" fill="none" stroke="${css(GOLD)}" stroke-width="2"/>`,
      ].join('');
    const strap =
      kind === 'goggles'
        ? line(-140, 0, 140, 0, mix(main, BLACK, 0.3), 12)
        : `${line(-84, -6, -124, -2, main, 5)}${line(84, -6, 124, -2, main, 5)}`;
    return [
      `${lens}${strap}`,
      rim(-50),
      rim(50),
      `<path d="M-16 -4 Q0 -16 16 -4" fill="none"${frame}/>`,
      glint(-62, -10, 10, 5),
      glint(38, -10, 10, 5),
    ].join('');
  };
}

/** A domino mask over both eyes, with holes to see through. */
export const eyeMask: Draw = ({ id, main }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  const outer = 'M-112 -8 C-100 -44 -30 -40 0 -20 C30 -40 100 -44 112 -8 C104 30 40 38 0 14 C-40 38 -104 30 -112 -8 Z';
  const holes = 'M-74 2 C-66 -20 -34 -20 -26 2 C-34 16 -66 16 -74 2 Z M26 2 C34 -20 66 -20 74 2 C66 16 34 16 26 2 Z';
  return [
    `<defs>${defs}</defs>`,
    `<path d="${outer} ${holes}" fill="${fill}" fill-rule="evenodd" stroke="${css(mix(main, BLACK, 0.5))}" stroke-width="2"/>`,
  ].join('');
};

export const sleepMask: Draw = ({ id, main, accent }) => {
  const [defs, fill] = lit(`${id}-l`, main);
  return [
    [
      `<defs>${defs}</defs>`,
      `<path d="${pathData(`M-100 -10`, `C-96 -46 96 -46 100 -10`, `C96 34 8 40 0 20`, `C-8 40 -96 34 -100 -10 Z`)}" fill="${fill}"/>`,
    ].join(''),
    line(-100, -8, -150, -14, main, 5),
    line(100, -8, 150, -14, main, 5),
    mirrored(
      `<path d="M30 6 Q50 20 70 6" fill="none" stroke="${css(accent)}" stroke-width="4" stroke-linecap="round"/>`,
    ),
  ].join('');
};

export function glowingEyes(): Draw {
  return ({ id, main }) =>
    [
      [
        '<defs>',
        `<radialGradient id="${id}-g">`,
        '<stop offset="0" stop-color="#fff" stop-opacity="1"/>',
        `<stop offset="0.3" stop-color="${css(main)}" stop-opacity="0.95"/>`,
        `<stop offset="1" stop-color="${css(main)}" stop-opacity="0"/>`,
        '</radialGradient>',
        '</defs>',
      ].join(''),
      dot(-50, 0, 30, `url(#${id}-g)`),
      dot(50, 0, 30, `url(#${id}-g)`),
    ].join('');
}

/** A metal band across the eyes with a glowing slit (robot, cyborg). */
export function visor(half: boolean): Draw {
  return ({ id, main, accent }) => {
    const [defs, fill] = metal(`${id}-m`, main);
    const slit = [
      `<rect x="${half ? 20 : -90}" y="-6" width="${half ? 70 : 180}" height="12" rx="6" fill="${css(accent)}"/>`,
      `<rect x="${half ? 20 : -90}" y="-14" width="${half ? 70 : 180}" height="28" rx="12" fill="${css(accent)}" fill-opacity="0.25"/>`,
    ].join('');
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
  return [
    '<defs>',
    defs,
    '</defs>',
    `${shape(pathData(`M-104 ${n(nose * 0.75)}`, `Q0 ${n(nose * 0.55)} 104 ${n(nose * 0.75)}`, `Q110 ${n(chin + 40)} 0 ${n(chin + 50)}`, `Q-110 ${n(chin + 40)} -104 ${n(nose * 0.75)} Z`), fill)}`,
    `<path d="M-60 ${n(nose + 30)} Q0 ${n(nose + 50)} 60 ${n(nose + 30)}" fill="none" stroke="${css(mix(main, BLACK, 0.4))}" stroke-width="3"/>`,
  ].join('');
};

export const moustache: Draw = ({ id, main }, { nose, mouth }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.25);
  const y = (nose + mouth) / 2;
  return [
    '<defs>',
    defs,
    '</defs>',
    `${mirrored(shape(pathData(`M0 ${n(y - 6)}`, `C20 ${n(y - 16)} 46 ${n(y - 10)} 64 ${n(y - 24)}`, `C60 ${n(y + 4)} 30 ${n(y + 12)} 0 ${n(y + 4)} Z`), fill))}`,
  ].join('');
};

export const beard: Draw = ({ id, main }, { mouth, chin }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.25);
  const strands = Array.from({ length: 9 }, (_, index) =>
    line(-40 + index * 10, chin, -34 + index * 8.5, chin + 110, mix(main, BLACK, 0.3), 2, 0.6),
  ).join('');
  return [
    '<defs>',
    defs,
    '</defs>',
    `${shape(pathData(`M-88 ${n(mouth - 40)}`, `Q-84 ${n(chin)} -30 ${n(chin + 90)}`, `Q0 ${n(chin + 150)} 30 ${n(chin + 90)}`, `Q84 ${n(chin)} 88 ${n(mouth - 40)}`, `Q60 ${n(mouth + 30)} 0 ${n(mouth + 26)}`, `Q-60 ${n(mouth + 30)} -88 ${n(mouth - 40)} Z`), fill)}${strands}`,
  ].join('');
};

export const redNose: Draw = ({ id }, { nose }) =>
  [
    [
      '<defs>',
      `<radialGradient id="${id}-n" cx="0.35" cy="0.35" r="0.7">`,
      '<stop offset="0" stop-color="#ff8f8f"/>',
      '<stop offset="0.5" stop-color="#e0161e"/>',
      '<stop offset="1" stop-color="#7a0006"/>',
      '</radialGradient>',
      '</defs>',
    ].join(''),
    dot(0, nose, 24, `url(#${id}-n)`),
    glint(-8, nose - 9, 6, 3.5),
  ].join('');

export const fangs: Draw = (_paint, { mouth }) =>
  mirrored(
    shape(`M10 ${n(mouth)} L22 ${n(mouth)} L16 ${n(mouth + 22)} Z`, '#fbfbf2', ' stroke="#aaa" stroke-width="1"'),
  );

/** Colour laid over the face (zombie green, ghost white, clown white with red cheeks): clipped to the person. */
export function facePaint(opacity: number, cheeks: boolean): Draw {
  return ({ id, main, accent }, { chin }) => {
    const cy = chin * 0.35;
    const paint = [
      '<defs>',
      `<radialGradient id="${id}-f">`,
      `<stop offset="0" stop-color="${css(main)}" stop-opacity="${opacity}"/>`,
      `<stop offset="0.75" stop-color="${css(main)}" stop-opacity="${opacity * 0.85}"/>`,
      `<stop offset="1" stop-color="${css(main)}" stop-opacity="0"/>`,
      '</radialGradient>',
      '</defs>',
      `<ellipse cx="0" cy="${n(cy)}" rx="125" ry="${n(chin * 0.95 + 30)}" fill="url(#${id}-f)"/>`,
    ].join('');
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

/** Pointed ears beside the face (elf): drawn at eye height, outside the cheeks. */
export const pointedEars: Draw = ({ id, main }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.2, false);
  return [
    '<defs>',
    defs,
    '</defs>',
    `${mirrored(shape('M104 30 Q120 -10 170 -70 Q150 0 128 50 Q112 62 104 30 Z', fill, ` stroke="${css(mix(main, BLACK, 0.35))}" stroke-width="2"`))}`,
  ].join('');
};
