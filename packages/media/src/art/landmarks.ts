import { css, mix, WHITE, type Rgb } from '../color';
import { n, polygon, pathData } from '../svg';

/**
 * The landmark an environment's name calls for, drawn as a distant silhouette in the scene's
 * 1000 × 750 frame: the Eiffel Tower for Paris, the pyramids for Egypt, a Ferris wheel for a
 * funfair. It stands beside the person (`x` is its middle) on the far ridge (`base`), inside the
 * part of the frame a portrait keeps; sky objects (a planet, the Earth) hang above it.
 */
export type Landmark =
  | 'eiffel-tower'
  | 'pyramids'
  | 'step-pyramid'
  | 'colosseum'
  | 'castle'
  | 'ferris-wheel'
  | 'acacias'
  | 'fir-trees'
  | 'ringed-planet'
  | 'earth'
  | 'cacti'
  | 'arched-bridge'
  | 'skyscraper'
  | 'bell-tower'
  | 'mansion'
  | 'stalactites';

export interface LandmarkPlace {
  x: number;
  base: number;
  /** The silhouette's colour, and the light's for the lit faces and windows. */
  colour: Rgb;
  light: Rgb;
}

const path = (d: string, fill: Rgb | string, extra = '') =>
  `<path d="${d}" fill="${typeof fill === 'string' ? fill : css(fill)}"${extra}/>`;
const rect = (x: number, y: number, width: number, height: number, fill: Rgb) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${css(fill)}"/>`;
const circle = (x: number, y: number, r: number, fill: Rgb | 'none', extra = '') =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill === 'none' ? 'none' : css(fill)}"${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, colour: Rgb, width: number) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${css(colour)}" stroke-width="${n(width)}" stroke-linecap="round"/>`;

function eiffelTower({ x, base, colour }: LandmarkPlace): string {
  const legs = pathData(
    `M${n(x - 62)} ${n(base)}`,
    `Q${n(x - 30)} ${n(base - 110)} ${n(x - 15)} ${n(base - 190)}`,
    `L${n(x - 6)} ${n(base - 300)}`,
    `L${n(x - 2)} ${n(base - 345)}`,
    `L${n(x + 2)} ${n(base - 345)}`,
    `L${n(x + 6)} ${n(base - 300)}`,
    `L${n(x + 15)} ${n(base - 190)}`,
    `Q${n(x + 30)} ${n(base - 110)} ${n(x + 62)} ${n(base)}`,
    `L${n(x + 36)} ${n(base)}`,
    `Q${n(x)} ${n(base - 80)} ${n(x - 36)} ${n(base)} Z`,
  );
  return (
    path(legs, colour) +
    rect(x - 38, base - 112, 76, 8, colour) +
    rect(x - 20, base - 196, 40, 6, colour) +
    rect(x - 9, base - 300, 18, 5, colour)
  );
}

function pyramids({ x, base, colour, light }: LandmarkPlace): string {
  const lit = mix(colour, light, 0.35);
  const pyramid = (middle: number, half: number, height: number) =>
    path(
      polygon([
        [middle - half, base],
        [middle, base - height],
        [middle, base],
      ]),
      colour,
    ) +
    path(
      polygon([
        [middle, base - height],
        [middle + half, base],
        [middle, base],
      ]),
      lit,
    );
  return pyramid(x + 95, 110, 120) + pyramid(x - 20, 160, 190);
}

function stepPyramid({ x, base, colour, light }: LandmarkPlace): string {
  let markup = '';
  for (let step = 0; step < 6; step += 1)
    markup += rect(
      x - 150 + step * 20,
      base - (step + 1) * 28,
      300 - step * 40,
      28,
      step % 2 === 0 ? colour : mix(colour, light, 0.12),
    );
  // The temple on top and the stair up the middle.
  return (
    markup +
    rect(x - 28, base - 212, 56, 44, colour) +
    path(
      polygon([
        [x - 14, base],
        [x - 8, base - 168],
        [x + 8, base - 168],
        [x + 14, base],
      ]),
      mix(colour, light, 0.25),
    )
  );
}

function colosseum({ x, base, colour, light }: LandmarkPlace): string {
  const sky = mix(colour, light, 0.55);
  // A wall higher on one side, broken down on the other, with three tiers of arches.
  let markup = path(
    pathData(
      `M${n(x - 190)} ${n(base)}`,
      `L${n(x - 190)} ${n(base - 170)}`,
      `L${n(x + 60)} ${n(base - 170)}`,
      `L${n(x + 110)} ${n(base - 120)}`,
      `L${n(x + 150)} ${n(base - 110)}`,
      `L${n(x + 190)} ${n(base - 70)}`,
      `L${n(x + 190)} ${n(base)} Z`,
    ),
    colour,
  );
  for (let tier = 0; tier < 3; tier += 1) {
    const top = base - 52 - tier * 50;
    for (let arch = x - 176; arch < x + 176; arch += 32) {
      // The upper tiers end where the wall has fallen.
      const standing = tier === 2 ? arch < x + 50 : tier === 1 ? arch < x + 150 : true;
      if (standing)
        markup += path(
          pathData(
            `M${n(arch)} ${n(top + 36)}`,
            `L${n(arch)} ${n(top + 12)}`,
            `A9 9 0 0 1 ${n(arch + 18)} ${n(top + 12)}`,
            `L${n(arch + 18)} ${n(top + 36)} Z`,
          ),
          sky,
        );
    }
  }
  return markup;
}

function castle({ x, base, colour, light }: LandmarkPlace): string {
  const roof = mix(colour, [150, 40, 40], 0.45);
  const banner = mix(light, [200, 30, 40], 0.6);
  const crenels = (left: number, width: number, top: number) => {
    let markup = '';
    for (let at = left; at < left + width - 6; at += 14) markup += rect(at, top - 10, 8, 10, colour);
    return markup;
  };
  const tower = (middle: number, width: number, height: number) =>
    rect(middle - width / 2, base - height, width, height, colour) +
    path(
      polygon([
        [middle - width / 2 - 6, base - height],
        [middle, base - height - width * 1.3],
        [middle + width / 2 + 6, base - height],
      ]),
      roof,
    ) +
    line(middle, base - height - width * 1.3, middle, base - height - width * 1.3 - 30, colour, 3) +
    path(
      polygon([
        [middle, base - height - width * 1.3 - 30],
        [middle + 26, base - height - width * 1.3 - 22],
        [middle, base - height - width * 1.3 - 14],
      ]),
      banner,
    );
  return (
    rect(x - 130, base - 120, 260, 120, colour) +
    crenels(x - 130, 260, base - 120) +
    tower(x - 130, 54, 200) +
    tower(x + 130, 54, 200) +
    tower(x, 70, 250) +
    path(
      pathData(
        `M${n(x - 26)} ${n(base)}`,
        `L${n(x - 26)} ${n(base - 50)}`,
        `A26 26 0 0 1 ${n(x + 26)} ${n(base - 50)}`,
        `L${n(x + 26)} ${n(base)} Z`,
      ),
      mix(colour, [0, 0, 0], 0.35),
    )
  );
}

function ferrisWheel({ x, base, colour, light }: LandmarkPlace): string {
  const radius = 135;
  const hub = base - radius - 40;
  const lamp = mix(light, [255, 200, 90], 0.6);
  let markup = line(x - 70, base, x, hub, colour, 9) + line(x + 70, base, x, hub, colour, 9);
  markup +=
    circle(x, hub, radius, 'none', ` stroke="${css(colour)}" stroke-width="8"`) +
    circle(x, hub, radius - 14, 'none', ` stroke="${css(colour)}" stroke-width="3"`);
  for (let spoke = 0; spoke < 12; spoke += 1) {
    const angle = (spoke * Math.PI) / 6;
    const [ex, ey] = [x + radius * Math.cos(angle), hub + radius * Math.sin(angle)];
    markup += line(x, hub, ex, ey, colour, 3) + rect(ex - 11, ey + 2, 22, 18, colour) + circle(ex, ey, 4, lamp);
  }
  return markup + circle(x, hub, 12, colour);
}

/** Flat-topped trees of the savanna. */
function acacias({ x, base, colour }: LandmarkPlace): string {
  const tree = (middle: number, height: number, width: number) =>
    path(
      pathData(
        `M${n(middle - 5)} ${n(base)}`,
        `L${n(middle - 3)} ${n(base - height + 20)}`,
        `L${n(middle - 40)} ${n(base - height + 8)}`,
        `L${n(middle - 36)} ${n(base - height + 2)}`,
        `L${n(middle)} ${n(base - height + 14)}`,
        `L${n(middle + 34)} ${n(base - height)}`,
        `L${n(middle + 38)} ${n(base - height + 6)}`,
        `L${n(middle + 4)} ${n(base - height + 22)}`,
        `L${n(middle + 6)} ${n(base)} Z`,
      ),
      colour,
    ) +
    `<ellipse cx="${n(middle)}" cy="${n(base - height)}" rx="${n(width)}" ry="${n(width * 0.16)}" fill="${css(colour)}"/>`;
  return tree(x - 40, 170, 110) + tree(x + 150, 110, 70);
}

/** Fir trees strung with lights. */
function firTrees({ x, base, colour, light }: LandmarkPlace): string {
  const lamps = [mix(light, [255, 210, 90], 0.7), mix(light, [255, 90, 90], 0.6), mix(light, [120, 200, 255], 0.6)];
  const tree = (middle: number, height: number) => {
    let markup = rect(middle - 7, base - 22, 14, 22, colour);
    for (let tier = 0; tier < 3; tier += 1) {
      const top = base - height + tier * height * 0.22;
      const half = height * (0.2 + tier * 0.1);
      markup += path(
        polygon([
          [middle, top],
          [middle + half, top + height * 0.42],
          [middle - half, top + height * 0.42],
        ]),
        colour,
      );
      for (let lamp = 0; lamp < 5; lamp += 1) {
        const along = (lamp + 0.5) / 5;
        markup += circle(
          middle - half * 0.9 + along * half * 1.8,
          top + height * 0.36 - Math.abs(along - 0.5) * 10,
          4,
          lamps[(lamp + tier) % 3] ?? WHITE,
        );
      }
    }
    return markup + circle(middle, base - height, 9, lamps[0] ?? WHITE);
  };
  return tree(x - 50, 230) + tree(x + 90, 160);
}

function ringedPlanet({ x, colour, light }: LandmarkPlace): string {
  const [cx, cy] = [x, 170];
  const body = mix(light, [230, 170, 110], 0.5);
  const ring = mix(light, WHITE, 0.3);
  return (
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="120" ry="26" fill="none" stroke="${css(ring)}" stroke-width="7" stroke-opacity="0.8" transform="rotate(-18 ${n(cx)} ${n(cy)})"/>` +
    circle(cx, cy, 62, body) +
    circle(cx + 18, cy + 14, 56, mix(colour, body, 0.55), ' fill-opacity="0.55"') +
    // The ring's front half passes over the planet.
    `<path d="M${n(cx - 114)} ${n(cy + 38)} A120 26 -18 0 0 ${n(cx + 114)} ${n(cy - 38)}" fill="none" stroke="${css(ring)}" stroke-width="7" stroke-opacity="0.9"/>`
  );
}

function earth({ x }: LandmarkPlace): string {
  const [cx, cy] = [x, 165];
  return (
    circle(cx, cy, 58, [40, 110, 200]) +
    path(
      pathData(`M${n(cx - 30)} ${n(cy - 40)}`, `q30 -6 40 14`, `q-10 20 6 34`, `q-22 12 -34 -6`, `q-18 -14 -12 -42 Z`),
      [70, 150, 80],
    ) +
    path(`M${n(cx + 14)} ${n(cy + 18)} q22 -4 30 10 q-8 16 -26 14 Z`, [70, 150, 80]) +
    path(`M${n(cx - 50)} ${n(cy - 10)} q26 -8 44 -2 q-20 8 -44 2 Z`, WHITE, ' fill-opacity="0.8"') +
    // The night side.
    path(
      pathData(
        `M${n(cx + 10)} ${n(cy - 57)}`,
        `A58 58 0 0 1 ${n(cx + 10)} ${n(cy + 57)}`,
        `A44 58 0 0 0 ${n(cx + 10)} ${n(cy - 57)} Z`,
      ),
      [5, 10, 30],
      ' fill-opacity="0.7"',
    )
  );
}

/** Saguaro cacti. */
function cacti({ x, base, colour }: LandmarkPlace): string {
  const cactus = (middle: number, height: number) =>
    rect(middle - 13, base - height, 26, height, colour) +
    circle(middle, base - height, 13, colour) +
    path(
      pathData(
        `M${n(middle - 12)} ${n(base - height * 0.45)}`,
        `L${n(middle - 42)} ${n(base - height * 0.45)}`,
        `L${n(middle - 42)} ${n(base - height * 0.8)}`,
      ),
      'none',
      ` stroke="${css(colour)}" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"`,
    ) +
    path(
      pathData(
        `M${n(middle + 12)} ${n(base - height * 0.3)}`,
        `L${n(middle + 40)} ${n(base - height * 0.3)}`,
        `L${n(middle + 40)} ${n(base - height * 0.62)}`,
      ),
      'none',
      ` stroke="${css(colour)}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"`,
    );
  return cactus(x - 40, 200) + cactus(x + 120, 130);
}

/** An arched garden bridge, its railing and posts red. */
function archedBridge({ x, base, colour }: LandmarkPlace): string {
  const red = mix([196, 52, 44], colour, 0.35);
  const [left, right, foot, crown] = [x - 170, x + 170, base - 40, base - 170];
  const deckAt = (t: number) => (1 - t) ** 2 * foot + 2 * (1 - t) * t * crown + t ** 2 * foot;
  let markup = path(
    `M${n(left)} ${n(foot)} Q${n(x)} ${n(crown)} ${n(right)} ${n(foot)}`,
    'none',
    ` stroke="${css(colour)}" stroke-width="18"`,
  );
  markup += path(
    `M${n(left)} ${n(foot - 40)} Q${n(x)} ${n(crown - 40)} ${n(right)} ${n(foot - 40)}`,
    'none',
    ` stroke="${css(red)}" stroke-width="7"`,
  );
  for (let post = 20; post <= 320; post += 30) {
    const deck = deckAt(post / 340);
    markup += line(left + post, deck, left + post, deck - 40, red, 6);
  }
  return markup + line(left, foot, left, base, colour, 12) + line(right, foot, right, base, colour, 12);
}

/** A stepped skyscraper with its mast, above the skyline. */
function skyscraper({ x, base, colour, light }: LandmarkPlace): string {
  const lamp = mix(light, [255, 217, 138], 0.7);
  let markup =
    rect(x - 55, base - 230, 110, 230, colour) +
    rect(x - 38, base - 300, 76, 70, colour) +
    rect(x - 22, base - 350, 44, 50, colour) +
    rect(x - 10, base - 380, 20, 30, colour) +
    line(x, base - 380, x, base - 450, colour, 5);
  for (let row = base - 215; row < base - 20; row += 24) {
    for (let column = x - 44; column < x + 44; column += 18)
      if ((row * 7 + column * 3) % 5 < 3) markup += rect(column, row, 8, 12, lamp);
  }
  return markup;
}

/** A square bell tower with its pointed roof (Venice's campanile). */
function bellTower({ x, base, colour, light }: LandmarkPlace): string {
  const sky = mix(colour, light, 0.55);
  return (
    rect(x - 30, base - 300, 60, 300, colour) +
    rect(x - 36, base - 330, 72, 34, colour) +
    rect(x - 26, base - 326, 14, 26, sky) +
    rect(x + 12, base - 326, 14, 26, sky) +
    rect(x - 32, base - 350, 64, 20, colour) +
    path(
      polygon([
        [x - 30, base - 350],
        [x, base - 430],
        [x + 30, base - 350],
      ]),
      colour,
    )
  );
}

/** A gabled house with a tower and a few lit windows, under the full moon. */
function mansion({ x, base, colour, light }: LandmarkPlace): string {
  const lamp = mix(light, [255, 200, 80], 0.6);
  return (
    rect(x - 150, base - 150, 300, 150, colour) +
    path(
      polygon([
        [x - 165, base - 150],
        [x - 75, base - 240],
        [x + 15, base - 150],
      ]),
      colour,
    ) +
    path(
      polygon([
        [x + 20, base - 150],
        [x + 90, base - 215],
        [x + 160, base - 150],
      ]),
      colour,
    ) +
    rect(x - 10, base - 260, 50, 110, colour) +
    path(
      polygon([
        [x - 18, base - 260],
        [x + 15, base - 330],
        [x + 48, base - 260],
      ]),
      colour,
    ) +
    rect(x - 100, base - 110, 22, 30, lamp) +
    rect(x + 60, base - 110, 22, 30, lamp) +
    rect(x + 5, base - 220, 18, 26, lamp)
  );
}

/** Stalactites hanging from the cave's roof, across the whole frame. */
function stalactites({ colour }: LandmarkPlace): string {
  let markup = rect(0, 0, 1000, 26, colour);
  for (let at = 0, index = 0; at < 1000; index += 1) {
    const width = 30 + ((index * 37) % 40);
    const length = 60 + ((index * 53) % 130);
    markup += path(
      polygon([
        [at, 20],
        [at + width / 2, 20 + length],
        [at + width, 20],
      ]),
      colour,
    );
    at += width;
  }
  return markup;
}

const DRAWINGS: Readonly<Record<Landmark, (place: LandmarkPlace) => string>> = {
  'eiffel-tower': eiffelTower,
  pyramids,
  'step-pyramid': stepPyramid,
  colosseum,
  castle,
  'ferris-wheel': ferrisWheel,
  acacias,
  'fir-trees': firTrees,
  'ringed-planet': ringedPlanet,
  earth,
  cacti,
  'arched-bridge': archedBridge,
  skyscraper,
  'bell-tower': bellTower,
  mansion,
  stalactites,
};

export function landmarkMarkup(landmark: Landmark, place: LandmarkPlace): string {
  return DRAWINGS[landmark](place);
}
