import { WHITE, css, hexToRgb, mix } from '../color';
import { Dice } from '../hash';
import { linearGradient, n, radialGradient, ridge, pathData } from '../svg';

export interface SceneParams {
  seed: string;
  sky: readonly [top: string, horizon: string];
  /** The sun or moon: position in the 1000 × 750 frame, radius, colour. */
  light: { x: number; y: number; r: number; colour: string };
  /** Ridges from far to near, each a colour and how high it rises (fraction of the frame). */
  ridges: readonly { colour: string; height: number; roughness: number }[];
  water?: string;
  stars?: boolean;
  aurora?: boolean;
  skyline?: string;
  palms?: string;
}

const WIDTH = 1000;
const HEIGHT = 750;

function ridgePath(dice: Dice, top: number, roughness: number): string {
  const points: [number, number][] = [];
  for (let x = -80; x <= WIDTH + 160; x += dice.between(60, 140))
    points.push([x, top - dice.between(0, roughness) * HEIGHT]);
  return ridge(points, HEIGHT);
}

function skylineMarkup(dice: Dice, colour: string): string {
  let markup = '';
  for (let x = 0; x < WIDTH;) {
    const width = dice.between(40, 95);
    const top = HEIGHT * dice.between(0.38, 0.62);
    markup += `<rect x="${n(x)}" y="${n(top)}" width="${n(width - 5)}" height="${n(HEIGHT - top)}" fill="${colour}"/>`;
    for (let wy = top + 14; wy < HEIGHT * 0.8; wy += 22) {
      for (let wx = x + 8; wx < x + width - 14; wx += 16) {
        if (dice.next() < 0.45)
          markup += `<rect x="${n(wx)}" y="${n(wy)}" width="7" height="10" fill="#ffd98a" fill-opacity="${dice.between(0.55, 0.95).toFixed(2)}"/>`;
      }
    }
    x += width;
  }
  return markup;
}

function palm(x: number, base: number, height: number, colour: string, lean: number): string {
  const top = [x + lean, base - height] as const;
  let leaves = '';
  for (let angle = -160; angle <= -20; angle += 28) {
    const radians = (angle * Math.PI) / 180;
    const tip = [top[0] + 95 * Math.cos(radians), top[1] + 60 * Math.sin(radians) + 40] as const;
    leaves += `<path d="${pathData(`M${n(top[0])} ${n(top[1])}`, `Q${n((top[0] + tip[0]) / 2)} ${n(top[1] - 40)} ${n(tip[0])} ${n(tip[1])}`, `Q${n((top[0] + tip[0]) / 2)} ${n(top[1] - 10)} ${n(top[0])} ${n(top[1])} Z`)}" fill="${colour}"/>`;
  }
  return [
    `<path d="${pathData(`M${n(x - 7)} ${n(base)}`, `Q${n(x + lean * 0.3)} ${n(base - height / 2)} ${n(top[0])} ${n(top[1])}`, `L${n(top[0] + 6)} ${n(top[1])}`, `Q${n(x + lean * 0.3 + 10)} ${n(base - height / 2)} ${n(x + 7)} ${n(base)} Z`)}" fill="${colour}"/>`,
    leaves,
  ].join('');
}

/** A layered landscape in a 1000 × 750 frame: sky, glow, ridges from far to near, water, details. */
export function sceneMarkup(params: SceneParams): string {
  const dice = new Dice(params.seed);
  const light = hexToRgb(params.light.colour);
  const horizon = hexToRgb(params.sky[1]);
  const defs =
    linearGradient(
      'sky',
      [0, 0, 0, 1],
      [
        [0, hexToRgb(params.sky[0]), 1],
        [1, horizon, 1],
      ],
    ) +
    radialGradient('glow', { x: params.light.x, y: params.light.y, r: params.light.r * 6 }, [
      [0, light, 0.7],
      [0.3, light, 0.25],
      [1, light, 0],
    ]) +
    (params.water
      ? linearGradient(
          'water',
          [0, 0, 0, 1],
          [
            [0, mix(hexToRgb(params.water), horizon, 0.35), 1],
            [1, hexToRgb(params.water), 1],
          ],
        )
      : '') +
    (params.aurora
      ? linearGradient(
          'aurora',
          [0, 0, 0, 1],
          [
            [0, [120, 255, 190], 0],
            [0.5, [120, 255, 190], 0.55],
            [1, [170, 90, 255], 0],
          ],
        )
      : '');
  let markup = `<defs>${defs}</defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`;
  if (params.stars) {
    for (let index = 0; index < 140; index += 1) {
      markup += `<circle cx="${n(dice.between(0, WIDTH))}" cy="${n(dice.between(0, HEIGHT * 0.6))}" r="${n(dice.between(0.6, 2))}" fill="#fff" fill-opacity="${dice.between(0.4, 1).toFixed(2)}"/>`;
    }
  }
  if (params.aurora) {
    for (let band = 0; band < 3; band += 1) {
      const y = 120 + band * 60;
      markup += `<path d="${pathData(`M-50 ${y}`, `C250 ${y - 120} 450 ${y + 110} 700 ${y - 30}`, `S950 ${y - 90} 1050 ${y}`, `L1050 ${y + 140}`, `C800 ${y + 60} 500 ${y + 220} 250 ${y + 120}`, `S0 ${y + 160} -50 ${y + 140} Z`)}" fill="url(#aurora)" opacity="${(0.8 - band * 0.2).toFixed(2)}"/>`;
    }
  }
  markup += [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>`,
    `<circle cx="${n(params.light.x)}" cy="${n(params.light.y)}" r="${n(params.light.r)}" fill="${params.light.colour}"/>`,
  ].join('');
  if (params.skyline) markup += skylineMarkup(dice, params.skyline);
  // Ridges whose top is below the waterline stand in front of the water (a beach, a shore).
  const waterline = 0.72;
  const drawRidge = (layer: SceneParams['ridges'][number]) =>
    `<path d="${ridgePath(dice, HEIGHT * (1 - layer.height), layer.roughness)}" fill="${layer.colour}"/>`;
  markup += params.ridges
    .filter((layer) => !params.water || 1 - layer.height < waterline)
    .map(drawRidge)
    .join('');
  if (params.water) {
    const top = HEIGHT * waterline;
    markup += `<rect y="${n(top)}" width="${WIDTH}" height="${n(HEIGHT - top)}" fill="url(#water)"/>`;
    // The light's reflection: broken horizontal strokes under it.
    for (let index = 0; index < 16; index += 1) {
      const y = top + 8 + index * 13;
      const half = params.light.r * (1.4 - index * 0.06) * dice.between(0.6, 1.2);
      markup += `<rect x="${n(params.light.x - half)}" y="${n(y)}" width="${n(2 * half)}" height="4" rx="2" fill="${css(mix(light, WHITE, 0.3))}" fill-opacity="${(0.7 - index * 0.035).toFixed(2)}"/>`;
    }
    markup += params.ridges
      .filter((layer) => 1 - layer.height >= waterline)
      .map(drawRidge)
      .join('');
  }
  if (params.palms) {
    markup +=
      palm(120, HEIGHT, 330, params.palms, 40) +
      palm(210, HEIGHT + 20, 260, params.palms, 70) +
      palm(880, HEIGHT, 300, params.palms, -50);
  }
  return markup;
}
