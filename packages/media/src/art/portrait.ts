import { BLACK, WHITE, css, mix, type Rgb } from '../color';
import { Dice } from '../hash';
import { linearGradient, n, radialGradient, pathData } from '../svg';

export type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'afro';

export interface PortraitParams {
  /** Seeds the small things: background bokeh, head tilt. */
  seed: string;
  skin: Rgb;
  hair: Rgb;
  hairStyle: HairStyle;
  clothing: Rgb;
  background: readonly [top: Rgb, bottom: Rgb];
  /** Hills behind the figure, for images that should show a place too. */
  landscape?: boolean;
}

/** Hair drawn behind the head (long hair, afro) and in front (fringe, bun). */
function hair(style: HairStyle, colour: Rgb, x: number, y: number, dice: Dice): { back: string; front: string } {
  const fill = `fill="url(#hair)"`;
  const fringe = `<path d="${pathData(`M${n(x - 118)} ${n(y - 10)}`, `Q${n(x - 120)} ${n(y - 150)} ${n(x)} ${n(y - 152)}`, `Q${n(x + 122)} ${n(y - 150)} ${n(x + 118)} ${n(y - 6)}`, `Q${n(x + 70)} ${n(y - 92)} ${n(x - 30)} ${n(y - 88)}`, `Q${n(x - 90)} ${n(y - 80)} ${n(x - 118)} ${n(y - 10)} Z`)}" ${fill}/>`;
  switch (style) {
    case 'short':
      return { back: '', front: fringe };
    case 'long':
      return {
        back: `<path d="${pathData(`M${n(x - 130)} ${n(y - 40)}`, `Q${n(x - 150)} ${n(y + 170)} ${n(x - 120)} ${n(y + 250)}`, `L${n(x + 120)} ${n(y + 250)}`, `Q${n(x + 150)} ${n(y + 170)} ${n(x + 130)} ${n(y - 40)} Z`)}" ${fill}/>`,
        front: fringe,
      };
    case 'bun':
      return { back: `<circle cx="${n(x + 10)}" cy="${n(y - 175)}" r="62" ${fill}/>`, front: fringe };
    case 'curly': {
      let curls = '';
      for (let angle = 190; angle <= 350; angle += 16) {
        const radians = (angle * Math.PI) / 180;
        curls += `<circle cx="${n(x + 122 * Math.cos(radians))}" cy="${n(y - 20 + 135 * Math.sin(radians))}" r="${n(dice.between(30, 40))}" ${fill}/>`;
      }
      return { back: '', front: curls + fringe };
    }
    case 'afro':
      return {
        back: `<ellipse cx="${n(x)}" cy="${n(y - 50)}" rx="200" ry="185" ${fill}/>`,
        front: `<path d="${pathData(`M${n(x - 116)} ${n(y - 30)}`, `Q${n(x)} ${n(y - 200)} ${n(x + 116)} ${n(y - 30)}`, `Q${n(x)} ${n(y - 95)} ${n(x - 116)} ${n(y - 30)} Z`)}" fill="${css(colour)}"/>`,
      };
  }
}

/**
 * A stylised head-and-shoulders portrait in a 1000 × 1250 frame: soft gradients, a few shapes,
 * no outlines, like a flat editorial illustration.
 */
export function portraitMarkup(params: PortraitParams): string {
  const dice = new Dice(params.seed);
  const { skin, background } = params;
  const x = 500;
  const y = 640;
  const shade = mix(skin, BLACK, 0.22);
  const { back, front } = hair(params.hairStyle, params.hair, x, y, dice);
  let bokeh = '';
  for (let index = 0; index < 14; index += 1) {
    bokeh += `<circle cx="${n(dice.between(0, 1000))}" cy="${n(dice.between(0, 900))}" r="${n(dice.between(20, 90))}" fill="${css(mix(background[1], WHITE, 0.6))}" fill-opacity="${dice.between(0.08, 0.25).toFixed(2)}"/>`;
  }
  const hills = params.landscape
    ? [
        `<path d="M0 820 Q180 700 360 780 T720 760 T1000 740 V1250 H0 Z" fill="${css(mix(background[1], [60, 120, 60], 0.6))}"/>`,
        `<path d="M0 900 Q250 820 500 880 T1000 860 V1250 H0 Z" fill="${css(mix(background[1], [40, 90, 50], 0.75))}"/>`,
        '<circle cx="800" cy="230" r="70" fill="#fff3c4" fill-opacity="0.9"/>',
      ].join('')
    : '';
  const eye = (ex: number) =>
    [
      `<ellipse cx="${n(ex)}" cy="${n(y + 10)}" rx="17" ry="12" fill="#fdfbf7"/>`,
      `<circle cx="${n(ex + 2)}" cy="${n(y + 11)}" r="9" fill="#3b2a20"/>`,
      `<circle cx="${n(ex + 5)}" cy="${n(y + 7)}" r="3" fill="#fff"/>`,
    ].join('') +
    `<path d="M${n(ex - 24)} ${n(y - 22)} Q${n(ex)} ${n(y - 36)} ${n(ex + 24)} ${n(y - 24)}" fill="none" stroke="${css(mix(params.hair, BLACK, 0.2))}" stroke-width="7" stroke-linecap="round"/>`;
  const defs =
    linearGradient(
      'bg',
      [0, 0, 0, 1],
      [
        [0, background[0], 1],
        [1, background[1], 1],
      ],
    ) +
    radialGradient('face', { x: x - 40, y: y - 60, r: 190 }, [
      [0, mix(skin, WHITE, 0.15), 1],
      [0.7, skin, 1],
      [1, shade, 1],
    ]) +
    linearGradient(
      'hair',
      [0, 0, 0, 1],
      [
        [0, mix(params.hair, WHITE, 0.18), 1],
        [1, mix(params.hair, BLACK, 0.25), 1],
      ],
    ) +
    linearGradient(
      'cloth',
      [0, 0, 1, 1],
      [
        [0, mix(params.clothing, WHITE, 0.15), 1],
        [1, mix(params.clothing, BLACK, 0.3), 1],
      ],
    ) +
    radialGradient('blush', { x: 0, y: 0, r: 1 }, [
      [0, [235, 110, 110], 0.35],
      [1, [235, 110, 110], 0],
    ]);
  return (
    `<defs>${defs}</defs><rect width="1000" height="1250" fill="url(#bg)"/>${bokeh}${hills}` +
    // The figure fills the lower frame, enlarged from the bottom centre.
    `<g transform="translate(500 1250) scale(1.2) translate(-500 -1250)">${back}` +
    // Shoulders, then the neck with its shadow, then the head.
    `<path d="M160 1250 Q170 930 360 880 L640 880 Q830 930 840 1250 Z" fill="url(#cloth)"/>` +
    `<path d="M440 ${n(y + 60)} L560 ${n(y + 60)} L570 890 Q500 940 430 890 Z" fill="${css(shade)}"/>` +
    `<path d="M415 880 Q500 960 585 880" fill="none" stroke="${css(mix(params.clothing, WHITE, 0.4))}" stroke-width="14" stroke-linecap="round"/>` +
    [
      `<ellipse cx="${n(x - 118)}" cy="${n(y + 30)}" rx="24" ry="36" fill="${css(shade)}"/>`,
      `<ellipse cx="${n(x + 118)}" cy="${n(y + 30)}" rx="24" ry="36" fill="${css(shade)}"/>`,
    ].join('') +
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="120" ry="150" fill="url(#face)"/>` +
    [
      `<g transform="translate(${n(x - 62)} ${n(y + 62)}) scale(42 26)">`,
      '<circle r="1" fill="url(#blush)"/>',
      '</g>',
      `<g transform="translate(${n(x + 62)} ${n(y + 62)}) scale(42 26)">`,
      '<circle r="1" fill="url(#blush)"/>',
      '</g>',
    ].join('') +
    eye(x - 48) +
    eye(x + 48) +
    `<path d="M${n(x - 4)} ${n(y + 28)} Q${n(x - 14)} ${n(y + 62)} ${n(x + 6)} ${n(y + 66)}" fill="none" stroke="${css(shade)}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M${n(x - 40)} ${n(y + 96)} Q${n(x)} ${n(y + 124)} ${n(x + 40)} ${n(y + 96)}" fill="none" stroke="#b5524f" stroke-width="9" stroke-linecap="round"/>` +
    `${front}</g>`
  );
}
