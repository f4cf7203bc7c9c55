import { BLACK, WHITE, css, mix, type Rgb } from '../../../../color';
import { n } from '../../../../svg';

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

/** A fill lit from the top left: lighter at the top, darker at the bottom. Returns the defs and the fill reference. */
export function lit(id: string, colour: Rgb, spread = 0.35, vertical = true): [string, string] {
  const [x2, y2] = vertical ? ['0.3', '1'] : ['1', '0.2'];
  const defs = [
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">`,
    `<stop offset="0" stop-color="${css(mix(colour, WHITE, spread))}"/>`,
    `<stop offset="0.55" stop-color="${css(colour)}"/>`,
    `<stop offset="1" stop-color="${css(mix(colour, BLACK, spread + 0.1))}"/>`,
    '</linearGradient>',
  ].join('');
  return [defs, `url(#${id})`];
}

/** Polished metal: bands of light and dark across the shape. */
export function metal(id: string, colour: Rgb): [string, string] {
  const stops = [0, 0.25, 0.45, 0.6, 1].map(
    (offset, index) =>
      `<stop offset="${offset}" stop-color="${css(mix(colour, index % 2 === 1 ? WHITE : BLACK, index % 2 === 1 ? 0.55 : 0.3))}"/>`,
  );
  return [`<linearGradient id="${id}" x1="0" y1="0" x2="0.4" y2="1">${stops.join('')}</linearGradient>`, `url(#${id})`];
}

export function shape(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

export function outline(colour: Rgb, width: number): string {
  return ` stroke="${css(mix(colour, BLACK, 0.55))}" stroke-width="${n(width)}" stroke-linejoin="round"`;
}

export function dot(x: number, y: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, colour: Rgb, width: number, opacity = 1): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${css(colour)}" stroke-width="${n(width)}" stroke-linecap="round" stroke-opacity="${opacity}"/>`;
}

/** A glint of light on a shiny surface. */
export function glint(x: number, y: number, rx: number, ry: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff" fill-opacity="0.55"/>`;
}

export function mirrored(markup: string): string {
  return `${markup}<g transform="scale(-1 1)">${markup}</g>`;
}

/** Where a collar sits: between the shoulders and the chin, never far above the shoulders. */
export function collarLine(neck: number): number {
  return -Math.min(neck * 0.45, 20);
}
