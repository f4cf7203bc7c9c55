import { BLACK, WHITE, css, hexToRgb, hsl, mix, type Rgb } from '../../colour';
import type { Dice } from '../../hash';
import type { Landmark } from '../../art/landmarks';
import { linearGradient, n, polygon, radialGradient, ridge, type Stop } from '../../svg';
import { mentions } from './words';

/**
 * Graded SVG drawings for what a colour grade cannot show: the environments' scenes (drawn behind
 * the person by environment.ts) and the camera's framings. Each category has one recipe family; the option's words pick the motif
 * and its dice (seeded by the option id) pick sizes, counts and positions, so every option draws
 * something of its own and always the same thing. Drawing happens in a frame 1000 units wide and
 * `height` units tall (the image's aspect); the subject is assumed centred, as in a portrait.
 */
export interface OverlayContext {
  /** Unique prefix for gradient ids. */
  id: string;
  height: number;
  dice: Dice;
  /** The option's folded English prompt and id (see foldWords). */
  words: string;
  /** Colours for this option, most specific first: the user's choice, then colours its prompt names. */
  colours: readonly Rgb[];
}

const WIDTH = 1000;

type Motif = (context: OverlayContext) => string;

/** The first motif whose words the option mentions, else one chosen by the option's dice. */
function chooseMotif(context: OverlayContext, motifs: readonly (readonly [readonly string[], Motif])[]): Motif {
  const named = motifs.find(([words]) => mentions(context.words, words));
  const fallback = motifs[Math.floor(context.dice.next() * motifs.length)] ?? motifs[0];
  return (named ?? fallback)?.[1] ?? (() => '');
}

/** A hue of the option's own, for options whose words name no colour. */
function ownHue(context: OverlayContext, saturation: number, lightness: number): Rgb {
  return hsl(context.dice.between(0, 360), saturation, lightness);
}

function circle(x: number, y: number, r: number, fill: Rgb, opacity: number, extra = ''): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${css(fill)}" fill-opacity="${opacity.toFixed(2)}"${extra}/>`;
}

function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function stroke(colour: Rgb, width: number, opacity: number): string {
  return ` stroke="${css(colour)}" stroke-width="${n(width)}" stroke-opacity="${opacity.toFixed(2)}" stroke-linecap="round"`;
}

function scatter(
  context: OverlayContext,
  count: number,
  draw: (x: number, y: number) => string,
  top = 0,
  bottom = 1,
): string {
  let markup = '';
  for (let index = 0; index < count; index += 1) {
    markup += draw(context.dice.between(0, WIDTH), context.dice.between(top, bottom) * context.height);
  }
  return markup;
}

// ── Environments: the scene behind the person (environment.ts draws it from these) ──

type Horizon = 'hills' | 'peaks' | 'waves' | 'skyline' | 'trees' | 'dunes' | 'arches' | 'clouds' | 'none';
type Particles = 'stars' | 'snow' | 'bubbles' | 'embers' | 'petals' | 'sparkles' | 'rain' | 'none';

interface Scene {
  words: readonly string[];
  sky: readonly [top: string, horizon: string];
  ground: string;
  horizon: Horizon;
  particles: Particles;
}

const SCENES: readonly Scene[] = [
  {
    words: ['space', 'galaxy', 'planet', 'nebula', 'cosmos', 'orbit', 'moon surface', 'mars'],
    sky: ['#050818', '#2a1b5e'],
    ground: '#120c2a',
    horizon: 'hills',
    particles: 'stars',
  },
  {
    words: ['underwater', 'coral', 'reef', 'aquarium', 'seabed', 'sunken'],
    sky: ['#0a3d62', '#1e90b0'],
    ground: '#0b4f4f',
    horizon: 'waves',
    particles: 'bubbles',
  },
  {
    words: ['volcano', 'lava', 'inferno', 'hell', 'magma'],
    sky: ['#2b0a0a', '#ff5a1f'],
    ground: '#3a0d0d',
    horizon: 'peaks',
    particles: 'embers',
  },
  {
    words: ['neon', 'cyberpunk', 'futuristic', 'blade runner', 'night city', 'las vegas', 'times square'],
    sky: ['#1a0b3a', '#ff3da8'],
    ground: '#141028',
    horizon: 'skyline',
    particles: 'rain',
  },
  {
    words: ['snow', 'arctic', 'ice', 'winter', 'glacier', 'alpine', 'mountain', 'ski', 'polar', 'iceberg'],
    sky: ['#9cc9f0', '#f0f8ff'],
    ground: '#e8f1f8',
    horizon: 'peaks',
    particles: 'snow',
  },
  {
    words: [
      'ocean',
      'sea',
      'beach',
      'lake',
      'waterfall',
      'river',
      'island',
      'harbour',
      'harbor',
      'canal',
      'venice',
      'coast',
      'lagoon',
    ],
    sky: ['#4fb3e8', '#bfe9ff'],
    ground: '#0e7490',
    horizon: 'waves',
    particles: 'none',
  },
  {
    words: ['desert', 'dune', 'sahara', 'canyon', 'savanna', 'egypt', 'pyramid', 'safari', 'western'],
    sky: ['#f4a259', '#ffe0a3'],
    ground: '#c98a3f',
    horizon: 'dunes',
    particles: 'none',
  },
  {
    words: ['flower', 'lavender', 'meadow', 'garden', 'blossom', 'cherry', 'tulip'],
    sky: ['#b5d8f7', '#fbe3f0'],
    ground: '#5d8a3a',
    horizon: 'hills',
    particles: 'petals',
  },
  {
    words: ['forest', 'jungle', 'woods', 'park', 'vineyard', 'countryside', 'farm', 'rainforest', 'bamboo'],
    sky: ['#7cc47f', '#e6f5d0'],
    ground: '#2f6b35',
    horizon: 'trees',
    particles: 'none',
  },
  {
    words: ['enchanted', 'fairy', 'magic', 'fantasy', 'crystal', 'dream'],
    sky: ['#3b1d6e', '#ff9ee6'],
    ground: '#1f3d4d',
    horizon: 'trees',
    particles: 'sparkles',
  },
  {
    words: [
      'city',
      'street',
      'tokyo',
      'new york',
      'paris',
      'london',
      'downtown',
      'skyscraper',
      'rooftop',
      'metropolis',
      'urban',
    ],
    sky: ['#6d8fb3', '#f2d7b6'],
    ground: '#2a2f3a',
    horizon: 'skyline',
    particles: 'none',
  },
  {
    words: ['cave', 'dungeon', 'mine', 'tunnel', 'catacomb', 'underground'],
    sky: ['#0d0d12', '#3a3550'],
    ground: '#15131c',
    horizon: 'peaks',
    particles: 'sparkles',
  },
  {
    words: [
      'castle',
      'palace',
      'cathedral',
      'temple',
      'ruins',
      'medieval',
      'library',
      'museum',
      'cafe',
      'restaurant',
      'interior',
      'room',
      'hall',
      'studio',
      'church',
      'colosseum',
      'rome',
      'greece',
    ],
    sky: ['#3b2a1e', '#d9a86c'],
    ground: '#4a3322',
    horizon: 'arches',
    particles: 'none',
  },
  {
    words: ['sky', 'cloud', 'heaven', 'air'],
    sky: ['#7ec8f0', '#ffffff'],
    ground: '#ffffff',
    horizon: 'clouds',
    particles: 'none',
  },
];

/** Landmarks named by environments' prompts, the more specific first ("Mayan pyramid" before "pyramids"). */
const LANDMARKS: readonly { words: readonly string[]; landmark: Landmark }[] = [
  { words: ['eiffel'], landmark: 'eiffel-tower' },
  { words: ['mayan'], landmark: 'step-pyramid' },
  { words: ['pyramid', 'sphinx'], landmark: 'pyramids' },
  { words: ['colosseum'], landmark: 'colosseum' },
  { words: ['castle'], landmark: 'castle' },
  { words: ['ferris wheel'], landmark: 'ferris-wheel' },
  { words: ['acacia'], landmark: 'acacias' },
  { words: ['christmas'], landmark: 'fir-trees' },
  { words: ['planets'], landmark: 'ringed-planet' },
  { words: ['earth'], landmark: 'earth' },
  { words: ['wild west', 'saloon'], landmark: 'cacti' },
  { words: ['red bridge'], landmark: 'arched-bridge' },
  { words: ['new york', 'skyscrapers'], landmark: 'skyscraper' },
  { words: ['venice', 'gondola'], landmark: 'bell-tower' },
  { words: ['mansion'], landmark: 'mansion' },
  { words: ['stalactite'], landmark: 'stalactites' },
];

/** The landmark an environment's prompt names, if any. */
export function landmarkFor(words: string): Landmark | undefined {
  return LANDMARKS.find((entry) => mentions(words, entry.words))?.landmark;
}

const HORIZONS: readonly Horizon[] = ['hills', 'peaks', 'waves', 'skyline', 'trees', 'dunes', 'arches', 'clouds'];
const PARTICLES: readonly Particles[] = ['stars', 'snow', 'bubbles', 'embers', 'petals', 'sparkles', 'rain', 'none'];

export function sceneFor(context: OverlayContext): {
  sky: readonly [Rgb, Rgb];
  ground: Rgb;
  horizon: Horizon;
  particles: Particles;
} {
  const { dice } = context;
  const scene = SCENES.find(({ words }) => mentions(context.words, words));
  // Every option moves its scene's sky a little towards a hue of its own.
  const own = ownHue(context, 0.6, 0.6);
  const toRgb = (hex: string): Rgb => mix(hexToRgb(hex), own, 0.2);
  if (scene) {
    return {
      sky: [toRgb(scene.sky[0]), toRgb(scene.sky[1])],
      ground: context.colours[0] ?? toRgb(scene.ground),
      horizon: scene.horizon,
      particles: scene.particles,
    };
  }
  const hue = dice.between(0, 360);
  return {
    sky: [hsl(hue, 0.55, 0.55), hsl(hue + 35, 0.6, 0.85)],
    ground: context.colours[0] ?? hsl(hue + 160, 0.35, 0.3),
    horizon: HORIZONS[dice.int(0, HORIZONS.length - 1)] ?? 'hills',
    particles: PARTICLES[dice.int(0, PARTICLES.length - 1)] ?? 'none',
  };
}

export function particlesMarkup(kind: Particles, context: OverlayContext): string {
  const { dice } = context;
  switch (kind) {
    case 'stars':
      return scatter(
        context,
        dice.int(50, 90),
        (x, y) => circle(x, y, dice.between(0.8, 2.4), WHITE, dice.between(0.5, 0.95)),
        0,
        0.7,
      );
    case 'snow':
      return scatter(context, dice.int(60, 110), (x, y) =>
        circle(x, y, dice.between(1.5, 4.5), WHITE, dice.between(0.55, 0.9)),
      );
    case 'bubbles':
      return scatter(context, dice.int(25, 45), (x, y) =>
        circle(x, y, dice.between(3, 13), WHITE, 0.12, stroke(WHITE, 1.4, 0.7)),
      );
    case 'embers':
      return scatter(
        context,
        dice.int(40, 70),
        (x, y) =>
          circle(
            x,
            y,
            dice.between(1, 3.2),
            dice.next() < 0.5 ? [255, 140, 40] : [255, 210, 80],
            dice.between(0.6, 0.95),
          ),
        0.3,
        1,
      );
    case 'petals':
      return scatter(
        context,
        dice.int(30, 55),
        (x, y) =>
          `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(dice.between(3, 6))}" ry="${n(dice.between(1.5, 3))}" transform="rotate(${n(dice.between(0, 180))} ${n(x)} ${n(y)})" fill="${css(dice.next() < 0.5 ? [255, 182, 213] : [200, 160, 240])}" fill-opacity="0.85"/>`,
      );
    case 'sparkles':
      return scatter(context, dice.int(25, 45), (x, y) => {
        const r = dice.between(3, 8);
        return path(
          polygon([
            [x, y - r],
            [x + r * 0.25, y - r * 0.25],
            [x + r, y],
            [x + r * 0.25, y + r * 0.25],
            [x, y + r],
            [x - r * 0.25, y + r * 0.25],
            [x - r, y],
            [x - r * 0.25, y - r * 0.25],
          ]),
          css([220, 245, 255]),
          ' fill-opacity="0.85"',
        );
      });
    case 'rain': {
      const slant = dice.between(-12, 12);
      return scatter(context, dice.int(70, 120), (x, y) => {
        const length = dice.between(14, 30);
        return `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + slant)}" y2="${n(y + length)}"${stroke(WHITE, 1.2, 0.4)}/>`;
      });
    }
    case 'none':
      return '';
  }
}

// ── Camera: framing, lens and viewpoint ──

function vignette(context: OverlayContext, strength: number, roundness = 0.75): string {
  const { id, height: H } = context;
  const reach = Math.hypot(WIDTH, H) / 2;
  return `<defs>${radialGradient(`${id}-vignette`, { x: WIDTH / 2, y: H / 2, r: reach }, [
    [0, BLACK, 0],
    [roundness, BLACK, strength * 0.55],
    [1, BLACK, strength],
  ])}</defs><rect width="${WIDTH}" height="${n(H)}" fill="url(#${id}-vignette)"/>`;
}

function edgeWash(
  context: OverlayContext,
  direction: readonly [number, number, number, number],
  colour: Rgb,
  opacity: number,
): string {
  const { id, height: H } = context;
  const gradientId = `${id}-wash${direction.join('')}`;
  return `<defs>${linearGradient(gradientId, direction, [
    [0, colour, opacity],
    [0.55, colour, 0],
  ])}</defs><rect width="${WIDTH}" height="${n(H)}" fill="url(#${gradientId})"/>`;
}

const CAMERA_FRAMINGS: readonly (readonly [readonly string[], Motif])[] = [
  [
    ['fisheye', 'fish eye', 'peephole', 'keyhole', 'spherical'],
    (c) => {
      const H = c.height;
      const radius = Math.min(WIDTH, H) * c.dice.between(0.46, 0.52);
      return (
        path(
          `M0 0 H${WIDTH} V${n(H)} H0 Z M${n(WIDTH / 2 - radius)} ${n(H / 2)} a${n(radius)} ${n(radius)} 0 1 0 ${n(2 * radius)} 0 a${n(radius)} ${n(radius)} 0 1 0 ${n(-2 * radius)} 0 Z`,
          css(BLACK),
          ' fill-rule="evenodd" fill-opacity="0.9"',
        ) + vignette(c, 0.5, 0.5)
      );
    },
  ],
  [
    ['cinematic', 'anamorphic', 'widescreen', 'panoram', 'establishing'],
    (c) => {
      const bar = c.dice.between(0.07, 0.12) * c.height;
      return (
        `<rect width="${WIDTH}" height="${n(bar)}" fill="#000"/><rect y="${n(c.height - bar)}" width="${WIDTH}" height="${n(bar)}" fill="#000"/>` +
        vignette(c, 0.3)
      );
    },
  ],
  [
    [
      'pov',
      'point of view',
      'first person',
      'drone',
      'aerial',
      'cctv',
      'security',
      'viewfinder',
      'camcorder',
      'gopro',
      'action cam',
      'body cam',
    ],
    (c) => {
      const H = c.height;
      const inset = c.dice.between(30, 60);
      const arm = c.dice.between(50, 90);
      const corner = (x: number, y: number, sx: number, sy: number) =>
        `<path d="M${n(x)} ${n(y + sy * arm)} V${n(y)} H${n(x + sx * arm)}" fill="none"${stroke(WHITE, 4, 0.9)}/>`;
      return (
        corner(inset, inset, 1, 1) +
        corner(WIDTH - inset, inset, -1, 1) +
        corner(inset, H - inset, 1, -1) +
        corner(WIDTH - inset, H - inset, -1, -1) +
        `<path d="M${WIDTH / 2 - 25} ${n(H / 2)} H${WIDTH / 2 + 25} M${WIDTH / 2} ${n(H / 2 - 25)} V${n(H / 2 + 25)}"${stroke(WHITE, 2.5, 0.85)}/>` +
        circle(inset + 40, inset + 40, 9, [230, 30, 30], 0.95)
      );
    },
  ],
  [
    ['dutch', 'tilted', 'canted', 'tilt '],
    (c) => {
      const angle = c.dice.between(8, 16) * (c.dice.next() < 0.5 ? -1 : 1);
      const H = c.height;
      return (
        `<rect x="${n(-0.2 * WIDTH)}" y="${n(-0.2 * H)}" width="${n(1.4 * WIDTH)}" height="${n(1.4 * H)}" fill="none" transform="rotate(${n(angle)} ${WIDTH / 2} ${n(H / 2)})"${stroke(BLACK, 0.28 * Math.min(WIDTH, H), 0.6)}/>` +
        vignette(c, 0.35)
      );
    },
  ],
  // The blur itself is the picture's (camera.ts); drawn discs would lie over the face too.
  [
    ['bokeh', 'shallow depth', 'aperture', 'macro', 'telephoto', 'portrait lens', 'close up', 'extreme close'],
    (c) => vignette(c, 0.45),
  ],
  [
    ['low angle', 'worm s eye', 'worms eye', 'looking up', 'from below', 'heroic'],
    (c) => edgeWash(c, [0, 0, 0, 1], [255, 244, 220], 0.45) + vignette(c, 0.25),
  ],
  [
    ['high angle', 'bird s eye', 'birds eye', 'top down', 'overhead', 'looking down', 'flat lay', 'from above'],
    (c) => edgeWash(c, [0, 1, 0, 0], [255, 244, 220], 0.4) + edgeWash(c, [0, 0, 0, 1], BLACK, 0.35),
  ],
  [
    ['profile', 'side view', 'three quarter', 'over the shoulder', 'shoulder'],
    (c) => {
      const fromLeft = c.dice.next() < 0.5;
      return edgeWash(c, fromLeft ? [0, 0, 1, 0] : [1, 0, 0, 0], BLACK, 0.65);
    },
  ],
  [
    ['film', '35mm', 'analog', 'polaroid', 'instant', 'medium format', 'large format', 'vintage'],
    (c) => {
      const border = c.dice.between(18, 36);
      return (
        `<rect x="${n(border / 2)}" y="${n(border / 2)}" width="${n(WIDTH - border)}" height="${n(c.height - border)}" fill="none"${stroke(c.colours[0] ?? [248, 244, 236], border, 0.95)}/>` +
        vignette(c, 0.3)
      );
    },
  ],
];

function cameraOverlay(context: OverlayContext): string {
  const framing = CAMERA_FRAMINGS.find(([words]) => mentions(context.words, words))?.[1];
  return (framing ?? ((c: OverlayContext) => vignette(c, c.dice.between(0.3, 0.6), c.dice.between(0.55, 0.85))))(
    context,
  );
}

export const OVERLAY_RECIPES = {
  camera: cameraOverlay,
} as const satisfies Record<string, Motif>;

export type OverlayCategory = keyof typeof OVERLAY_RECIPES;
export const OVERLAY_WIDTH = WIDTH;
