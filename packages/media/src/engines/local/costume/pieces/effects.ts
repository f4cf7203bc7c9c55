import { WHITE, css, mix } from '../../../../color';
import { n } from '../../../../svg';
import { dot, line, glint, type Draw } from './paint';

// ── Torso frame (as in clothes.ts): what surrounds the person: water, motion, aura, things falling ──

export const water: Draw = ({ id }) =>
  [
    '<defs>',
    `<linearGradient id="${id}-w" x1="0" y1="0" x2="0" y2="1">`,
    '<stop offset="0" stop-color="#6fd0f0" stop-opacity="0.75"/>',
    '<stop offset="1" stop-color="#0a5a8a" stop-opacity="0.9"/>',
    '</linearGradient>',
    '</defs>',
    [
      `<path d="M-400 30 Q-350 18 -300 30 T-200 30 T-100 30 T0 30 T100 30 T200 30 T300 30 T400 30 L400 400 L-400 400 Z" fill="url(#${id}-w)"/>`,
      `${[-240, -120, 0, 120, 240].map((x) => `<path d="M${x - 30} 44 Q${x} 36 ${x + 30} 44" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="3"/>`).join('')}`,
    ].join(''),
  ].join('');

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
  [
    '<defs>',
    `<radialGradient id="${id}-a">`,
    `<stop offset="0" stop-color="${css(mix(main, WHITE, 0.4))}" stop-opacity="0.9"/>`,
    `<stop offset="0.55" stop-color="${css(main)}" stop-opacity="0.45"/>`,
    `<stop offset="1" stop-color="${css(main)}" stop-opacity="0"/>`,
    '</radialGradient>',
    '</defs>',
    `<ellipse cx="0" cy="0" rx="260" ry="300" fill="url(#${id}-a)"/>`,
  ].join('');

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
          return [
            dot(
              x,
              y,
              8 + (index % 5) * 4,
              '#bfe8ff',
              ' fill-opacity="0.12" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5"',
            ),
            glint(x - 3, y - 4, 2.5, 1.5),
          ].join('');
        case 'rain':
          return line(x, y, x - 6, y + 30, [210, 225, 240], 2, 0.7);
        case 'stars':
          return dot(x, y, 1.5 + (index % 3), '#fffbe8', ' fill-opacity="0.9"');
        case 'notes':
          return index % 4 === 0
            ? [
                `<ellipse cx="${n(x)}" cy="${n(y)}" rx="8" ry="6" transform="rotate(-20 ${n(x)} ${n(y)})" fill="${css(colour)}"/>`,
                line(x + 7, y, x + 7, y - 30, colour, 2.5),
                line(x + 7, y - 30, x + 17, y - 22, colour, 2.5),
              ].join('')
            : '';
        case 'hearts':
          return index % 3 === 0
            ? `<path d="M${n(x)} ${n(y + 6)} l-8 -8 a4.5 4.5 0 0 1 8 -5 a4.5 4.5 0 0 1 8 5 Z" fill="${css(mix(colour, [240, 60, 110], 0.7))}"/>`
            : '';
      }
    }).join('');
}
