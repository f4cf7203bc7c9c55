import { BLACK, WHITE, css, hexToRgb, hsl, mix, type Rgb } from '../../colour';
import type { Dice } from '../../hash';
import { linearGradient, n, polygon, radialGradient, ridge, type Stop } from '../../svg';
import { mentions } from './words';

/**
 * Graded SVG overlays for the categories a colour grade cannot show (where, who, doing what,
 * wearing what, seen how). Each category has one recipe family; the option's words pick the motif
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

function scatter(context: OverlayContext, count: number, draw: (x: number, y: number) => string, top = 0, bottom = 1): string {
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
  { words: ['space', 'galaxy', 'planet', 'nebula', 'cosmos', 'orbit', 'moon surface', 'mars'], sky: ['#050818', '#2a1b5e'], ground: '#120c2a', horizon: 'hills', particles: 'stars' },
  { words: ['underwater', 'coral', 'reef', 'aquarium', 'seabed', 'sunken'], sky: ['#0a3d62', '#1e90b0'], ground: '#0b4f4f', horizon: 'waves', particles: 'bubbles' },
  { words: ['volcano', 'lava', 'inferno', 'hell', 'magma'], sky: ['#2b0a0a', '#ff5a1f'], ground: '#3a0d0d', horizon: 'peaks', particles: 'embers' },
  { words: ['neon', 'cyberpunk', 'futuristic', 'blade runner', 'night city', 'las vegas', 'times square'], sky: ['#1a0b3a', '#ff3da8'], ground: '#141028', horizon: 'skyline', particles: 'rain' },
  { words: ['snow', 'arctic', 'ice', 'winter', 'glacier', 'alpine', 'mountain', 'ski', 'polar', 'iceberg'], sky: ['#9cc9f0', '#f0f8ff'], ground: '#e8f1f8', horizon: 'peaks', particles: 'snow' },
  { words: ['ocean', 'sea', 'beach', 'lake', 'waterfall', 'river', 'island', 'harbour', 'harbor', 'canal', 'venice', 'coast', 'lagoon'], sky: ['#4fb3e8', '#bfe9ff'], ground: '#0e7490', horizon: 'waves', particles: 'none' },
  { words: ['desert', 'dune', 'sahara', 'canyon', 'savanna', 'egypt', 'pyramid', 'safari', 'western'], sky: ['#f4a259', '#ffe0a3'], ground: '#c98a3f', horizon: 'dunes', particles: 'none' },
  { words: ['flower', 'lavender', 'meadow', 'garden', 'blossom', 'cherry', 'tulip'], sky: ['#b5d8f7', '#fbe3f0'], ground: '#5d8a3a', horizon: 'hills', particles: 'petals' },
  { words: ['forest', 'jungle', 'woods', 'park', 'vineyard', 'countryside', 'farm', 'rainforest', 'bamboo'], sky: ['#7cc47f', '#e6f5d0'], ground: '#2f6b35', horizon: 'trees', particles: 'none' },
  { words: ['enchanted', 'fairy', 'magic', 'fantasy', 'crystal', 'dream'], sky: ['#3b1d6e', '#ff9ee6'], ground: '#1f3d4d', horizon: 'trees', particles: 'sparkles' },
  { words: ['city', 'street', 'tokyo', 'new york', 'paris', 'london', 'downtown', 'skyscraper', 'rooftop', 'metropolis', 'urban'], sky: ['#6d8fb3', '#f2d7b6'], ground: '#2a2f3a', horizon: 'skyline', particles: 'none' },
  { words: ['cave', 'dungeon', 'mine', 'tunnel', 'catacomb', 'underground'], sky: ['#0d0d12', '#3a3550'], ground: '#15131c', horizon: 'peaks', particles: 'sparkles' },
  { words: ['castle', 'palace', 'cathedral', 'temple', 'ruins', 'medieval', 'library', 'museum', 'cafe', 'restaurant', 'interior', 'room', 'hall', 'studio', 'church', 'colosseum', 'rome', 'greece'], sky: ['#3b2a1e', '#d9a86c'], ground: '#4a3322', horizon: 'arches', particles: 'none' },
  { words: ['sky', 'cloud', 'heaven', 'air'], sky: ['#7ec8f0', '#ffffff'], ground: '#ffffff', horizon: 'clouds', particles: 'none' },
];

const HORIZONS: readonly Horizon[] = ['hills', 'peaks', 'waves', 'skyline', 'trees', 'dunes', 'arches', 'clouds'];
const PARTICLES: readonly Particles[] = ['stars', 'snow', 'bubbles', 'embers', 'petals', 'sparkles', 'rain', 'none'];

export function sceneFor(context: OverlayContext): { sky: readonly [Rgb, Rgb]; ground: Rgb; horizon: Horizon; particles: Particles } {
  const { dice } = context;
  const scene = SCENES.find(({ words }) => mentions(context.words, words));
  // Every option moves its scene's sky a little towards a hue of its own.
  const own = ownHue(context, 0.6, 0.6);
  const toRgb = (hex: string): Rgb => mix(hexToRgb(hex), own, 0.2);
  if (scene) {
    return { sky: [toRgb(scene.sky[0]), toRgb(scene.sky[1])], ground: context.colours[0] ?? toRgb(scene.ground), horizon: scene.horizon, particles: scene.particles };
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
      return scatter(context, dice.int(50, 90), (x, y) => circle(x, y, dice.between(0.8, 2.4), WHITE, dice.between(0.5, 0.95)), 0, 0.7);
    case 'snow':
      return scatter(context, dice.int(60, 110), (x, y) => circle(x, y, dice.between(1.5, 4.5), WHITE, dice.between(0.55, 0.9)));
    case 'bubbles':
      return scatter(context, dice.int(25, 45), (x, y) => circle(x, y, dice.between(3, 13), WHITE, 0.12, stroke(WHITE, 1.4, 0.7)));
    case 'embers':
      return scatter(context, dice.int(40, 70), (x, y) => circle(x, y, dice.between(1, 3.2), dice.next() < 0.5 ? [255, 140, 40] : [255, 210, 80], dice.between(0.6, 0.95)), 0.3, 1);
    case 'petals':
      return scatter(context, dice.int(30, 55), (x, y) =>
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(dice.between(3, 6))}" ry="${n(dice.between(1.5, 3))}" transform="rotate(${n(dice.between(0, 180))} ${n(x)} ${n(y)})" fill="${css(dice.next() < 0.5 ? [255, 182, 213] : [200, 160, 240])}" fill-opacity="0.85"/>`,
      );
    case 'sparkles':
      return scatter(context, dice.int(25, 45), (x, y) => {
        const r = dice.between(3, 8);
        return path(polygon([[x, y - r], [x + r * 0.25, y - r * 0.25], [x + r, y], [x + r * 0.25, y + r * 0.25], [x, y + r], [x - r * 0.25, y + r * 0.25], [x - r, y], [x - r * 0.25, y - r * 0.25]]), css([220, 245, 255]), ' fill-opacity="0.85"');
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

// ── Characters: an aura around the subject and an emblem that says who they become ──

interface Figure {
  x: number;
  /** Centre of the head. */
  y: number;
  /** Head radius. */
  r: number;
}

function figure(context: OverlayContext): Figure {
  return { x: WIDTH / 2, y: 0.38 * context.height, r: Math.min(110, 0.12 * context.height) };
}

function mirrored(markup: string): string {
  return `${markup}<g transform="translate(${WIDTH} 0) scale(-1 1)">${markup}</g>`;
}

const CHARACTER_EMBLEMS: readonly (readonly [readonly string[], (context: OverlayContext, colour: Rgb) => string])[] = [
  [['crown', 'tiara', 'king', 'queen', 'princess', 'prince', 'pharaoh', 'royal', 'emperor', 'empress'], (context, colour) => {
    const { x, y, r } = figure(context);
    const spikes = context.dice.int(3, 6);
    const base = y - 1.25 * r;
    const points: [number, number][] = [[x - 1.1 * r, base]];
    for (let index = 0; index <= spikes * 2; index += 1) {
      points.push([x - 1.1 * r + (2.2 * r * index) / (spikes * 2), index % 2 === 0 ? base - 0.75 * r : base - 0.3 * r]);
    }
    points.push([x + 1.1 * r, base]);
    return path(polygon(points), css(colour), ' fill-opacity="0.8"');
  }],
  [['wing', 'angel', 'fairy', 'dragon', 'demon', 'bat', 'butterfly', 'phoenix', 'bird', 'pegasus'], (context, colour) => {
    const { x, y, r } = figure(context);
    const spread = context.dice.between(3.2, 4.4) * r;
    const lift = context.dice.between(1.2, 2.4) * r;
    const wing = `M${n(x - 0.8 * r)} ${n(y + 1.8 * r)} C${n(x - spread)} ${n(y - lift)} ${n(x - spread * 1.1)} ${n(y + 0.5 * r)} ${n(x - spread * 0.9)} ${n(y + 2.6 * r)} C${n(x - spread * 0.6)} ${n(y + 2.2 * r)} ${n(x - 1.6 * r)} ${n(y + 2.8 * r)} ${n(x - 0.8 * r)} ${n(y + 1.8 * r)} Z`;
    return mirrored(path(wing, css(colour), ` fill-opacity="0.45"${stroke(mix(colour, WHITE, 0.5), 2, 0.6)}`));
  }],
  [['halo', 'saint', 'god', 'goddess', 'divine', 'holy', 'monk'], (context, colour) => {
    const { x, y, r } = figure(context);
    return `<ellipse cx="${n(x)}" cy="${n(y - 1.45 * r)}" rx="${n(context.dice.between(0.9, 1.3) * r)}" ry="${n(0.28 * r)}" fill="none"${stroke(colour, 0.14 * r, 0.85)}/>`;
  }],
  [['horn', 'devil', 'minotaur', 'viking', 'faun', 'satyr', 'goat'], (context, colour) => {
    const { x, y, r } = figure(context);
    const curl = context.dice.between(0.6, 1.3) * r;
    const horn = `M${n(x - 0.7 * r)} ${n(y - 0.8 * r)} Q${n(x - 1.6 * r)} ${n(y - 1.4 * r)} ${n(x - 1.2 * r - curl)} ${n(y - 2.3 * r)} Q${n(x - 1.1 * r)} ${n(y - 1.5 * r)} ${n(x - 0.4 * r)} ${n(y - 0.95 * r)} Z`;
    return mirrored(path(horn, css(colour), ' fill-opacity="0.8"'));
  }],
  [['hat', 'wizard', 'witch', 'cowboy', 'pirate', 'tricorn', 'musketeer', 'sorcerer', 'magician'], (context, colour) => {
    const { x, y, r } = figure(context);
    const peak = context.dice.between(1.8, 3.2) * r;
    const brim = `<ellipse cx="${n(x)}" cy="${n(y - 0.75 * r)}" rx="${n(1.7 * r)}" ry="${n(0.3 * r)}" fill="${css(colour)}" fill-opacity="0.85"/>`;
    return path(polygon([[x - 0.9 * r, y - 0.8 * r], [x + context.dice.between(-0.4, 0.4) * r, y - 0.8 * r - peak], [x + 0.9 * r, y - 0.8 * r]]), css(colour), ' fill-opacity="0.85"') + brim;
  }],
  [['armour', 'armor', 'robot', 'cyborg', 'astronaut', 'android', 'mech', 'helmet', 'space suit', 'knight', 'alien'], (context, colour) => {
    const { x, y, r } = figure(context);
    let rings = '';
    for (let index = 1; index <= context.dice.int(2, 4); index += 1) {
      rings += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * (1.2 + 0.45 * index))}" fill="none" stroke-dasharray="${n(context.dice.between(8, 40))} ${n(context.dice.between(6, 20))}"${stroke(colour, 2.5, 0.75)}/>`;
    }
    return `${rings}<line x1="${n(x - 2.6 * r)}" y1="${n(y)}" x2="${n(x + 2.6 * r)}" y2="${n(y)}"${stroke(colour, 1.5, 0.6)}/>`;
  }],
  [['cape', 'cloak', 'mantle', 'superhero', 'vampire', 'caped', 'hero'], (context, colour) => {
    const { x, y, r } = figure(context);
    const flare = context.dice.between(3.2, 4.6) * r;
    return path(polygon([[x - 1.2 * r, y + 1.3 * r], [x - flare, context.height], [x + flare, context.height], [x + 1.2 * r, y + 1.3 * r]]), css(colour), ' fill-opacity="0.45"');
  }],
  [['mask', 'ninja', 'masked', 'bandit', 'zorro', 'assassin', 'spy'], (context, colour) => {
    const { x, y, r } = figure(context);
    return `<rect x="${n(x - 1.2 * r)}" y="${n(y - 0.25 * r)}" width="${n(2.4 * r)}" height="${n(context.dice.between(0.3, 0.45) * r)}" rx="${n(0.15 * r)}" fill="${css(mix(colour, BLACK, 0.6))}" fill-opacity="0.7"/>`;
  }],
  [['star', 'sheriff', 'badge', 'emblem', 'captain', 'police', 'soldier'], (context, colour) => {
    const { x, y, r } = figure(context);
    const size = context.dice.between(0.45, 0.75) * r;
    const centre: [number, number] = [x, y + 2.6 * r];
    const points = Array.from({ length: 10 }, (_, index): [number, number] => {
      const angle = -Math.PI / 2 + (index * Math.PI) / 5;
      const radius = index % 2 === 0 ? size : size * 0.45;
      return [centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle)];
    });
    return path(polygon(points), css(colour), ' fill-opacity="0.85"');
  }],
];

function characterOverlay(context: OverlayContext): string {
  const { id, dice, height: H } = context;
  const { x, y, r } = figure(context);
  const colour = context.colours[0] ?? ownHue(context, 0.75, 0.58);
  const aura = radialGradient(`${id}-aura`, { x, y: y + r, r: dice.between(0.35, 0.6) * Math.max(WIDTH, H) }, [
    [0, mix(colour, WHITE, 0.3), dice.between(0.3, 0.5)],
    [1, colour, 0],
  ]);
  const named = CHARACTER_EMBLEMS.filter(([words]) => mentions(context.words, words)).slice(0, 2);
  const emblems = named.length > 0 ? named : [CHARACTER_EMBLEMS[dice.int(0, CHARACTER_EMBLEMS.length - 1)] ?? CHARACTER_EMBLEMS[0]];
  const accent = context.colours[1] ?? mix(colour, WHITE, 0.35);
  return (
    `<defs>${aura}</defs><rect width="${WIDTH}" height="${n(H)}" fill="url(#${id}-aura)"/>` +
    emblems.map((entry) => entry?.[1](context, accent) ?? '').join('')
  );
}

// ── Actions: motion and props around the subject ──

function streaks(context: OverlayContext, colour: Rgb, angle: number): string {
  const { dice, height: H } = context;
  let lines = '';
  for (let index = 0; index < dice.int(14, 26); index += 1) {
    const side = index % 2 === 0 ? dice.between(0, 0.3) : dice.between(0.7, 1);
    const x = side * WIDTH;
    const y = dice.between(0.1, 0.95) * H;
    const length = dice.between(60, 200);
    const dx = Math.cos((angle * Math.PI) / 180) * length;
    const dy = Math.sin((angle * Math.PI) / 180) * length;
    lines += `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + dx)}" y2="${n(y + dy)}"${stroke(colour, dice.between(2, 6), dice.between(0.35, 0.75))}/>`;
  }
  return lines;
}

function waves(context: OverlayContext, colour: Rgb): string {
  const { dice, height: H } = context;
  let markup = '';
  for (let band = 0; band < dice.int(3, 5); band += 1) {
    const y = H * (0.72 + band * 0.07);
    const wavelength = dice.between(70, 150);
    let d = `M-20 ${n(y)}`;
    for (let x = -20; x < WIDTH + wavelength; x += wavelength) d += ` q${n(wavelength / 4)} ${n(-dice.between(8, 22))} ${n(wavelength / 2)} 0 t${n(wavelength / 2)} 0`;
    markup += `<path d="${d}" fill="none"${stroke(mix(colour, WHITE, band * 0.15), dice.between(3, 7), 0.7)}/>`;
  }
  return markup + scatter(context, dice.int(10, 20), (x, y) => circle(x, y, dice.between(2, 6), WHITE, 0.7), 0.55, 0.9);
}

function notes(context: OverlayContext, colour: Rgb): string {
  const { dice } = context;
  return scatter(context, dice.int(6, 12), (x, y) => {
    const size = dice.between(10, 22);
    return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size)}" ry="${n(size * 0.7)}" transform="rotate(-20 ${n(x)} ${n(y)})" fill="${css(colour)}" fill-opacity="0.8"/><line x1="${n(x + size * 0.9)}" y1="${n(y)}" x2="${n(x + size * 0.9)}" y2="${n(y - size * 3.5)}"${stroke(colour, size * 0.22, 0.8)}/>`;
  }, 0.05, 0.6) + swirl(context, colour);
}

function swirl(context: OverlayContext, colour: Rgb): string {
  const { dice, height: H } = context;
  const x = dice.between(0.2, 0.8) * WIDTH;
  const y = dice.between(0.2, 0.7) * H;
  let d = `M${n(x)} ${n(y)}`;
  for (let turn = 1; turn <= 6; turn += 1) d += ` a${n(turn * 14)} ${n(turn * 14)} 0 0 1 ${n((turn % 2 === 0 ? 1 : -1) * turn * 28)} 0`;
  return `<path d="${d}" fill="none"${stroke(colour, dice.between(3, 6), 0.6)}/>`;
}

function lampGlow(context: OverlayContext, colour: Rgb): string {
  const { id, dice, height: H } = context;
  const x = dice.next() < 0.5 ? 0.1 * WIDTH : 0.9 * WIDTH;
  return `<defs>${radialGradient(`${id}-lamp`, { x, y: 0.15 * H, r: 0.8 * Math.max(WIDTH, H) }, [[0, [255, 214, 150], 0.55], [1, [255, 214, 150], 0]])}</defs><rect width="${WIDTH}" height="${n(H)}" fill="url(#${id}-lamp)"/>` +
    scatter(context, dice.int(5, 9), (sx, sy) => `<rect x="${n(sx)}" y="${n(sy)}" width="${n(dice.between(14, 30))}" height="${n(dice.between(18, 36))}" rx="3" fill="${css(colour)}" fill-opacity="0.45" transform="rotate(${n(dice.between(-30, 30))} ${n(sx)} ${n(sy)})"/>`, 0.05, 0.5);
}

function slashes(context: OverlayContext, colour: Rgb): string {
  const { dice, height: H } = context;
  let markup = '';
  for (let index = 0; index < dice.int(2, 4); index += 1) {
    const x = dice.between(0.1, 0.6) * WIDTH;
    const y = dice.between(0.1, 0.6) * H;
    markup += `<path d="M${n(x)} ${n(y)} q${n(dice.between(120, 260))} ${n(dice.between(40, 160))} ${n(dice.between(260, 420))} ${n(dice.between(160, 320))}" fill="none"${stroke(mix(colour, WHITE, 0.4), dice.between(4, 9), 0.8)}/>`;
  }
  return markup + scatter(context, dice.int(15, 30), (sx, sy) => circle(sx, sy, dice.between(1.5, 4), [255, 230, 120], 0.9), 0.1, 0.8);
}

function steam(context: OverlayContext, colour: Rgb): string {
  const { dice, height: H } = context;
  let markup = '';
  for (let index = 0; index < dice.int(3, 6); index += 1) {
    const x = dice.between(0.25, 0.75) * WIDTH;
    let d = `M${n(x)} ${n(0.85 * H)}`;
    for (let step = 0; step < 5; step += 1) d += ` q${n(dice.between(-40, 40))} ${n(-0.05 * H)} 0 ${n(-0.1 * H)}`;
    markup += `<path d="${d}" fill="none"${stroke(mix(colour, WHITE, 0.7), dice.between(6, 14), 0.45)}/>`;
  }
  return markup;
}

function splashes(context: OverlayContext): string {
  const { dice } = context;
  return scatter(context, dice.int(8, 16), (x, y) => circle(x, y, dice.between(8, 40), hsl(dice.between(0, 360), 0.8, 0.55), dice.between(0.45, 0.75)));
}

function trajectory(context: OverlayContext, colour: Rgb): string {
  const { dice, height: H } = context;
  const from = [dice.between(0, 0.2) * WIDTH, dice.between(0.5, 0.9) * H] as const;
  const to = [dice.between(0.75, 1) * WIDTH, dice.between(0.1, 0.4) * H] as const;
  return `<path d="M${n(from[0])} ${n(from[1])} Q${n(WIDTH / 2)} ${n(-0.1 * H)} ${n(to[0])} ${n(to[1])}" fill="none" stroke-dasharray="14 12"${stroke(WHITE, 4, 0.75)}/>` +
    circle(to[0], to[1], dice.between(18, 34), colour, 0.85, stroke(WHITE, 3, 0.9));
}

function sparkleSpiral(context: OverlayContext, colour: Rgb): string {
  const { dice, height: H } = context;
  const centre = [dice.between(0.3, 0.7) * WIDTH, dice.between(0.3, 0.6) * H] as const;
  let markup = '';
  for (let index = 0; index < 40; index += 1) {
    const angle = index * 0.5 + dice.between(0, 0.3);
    const radius = 8 + index * 7;
    markup += circle(centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle), dice.between(2, 5), mix(colour, WHITE, dice.next()), 0.85);
  }
  return markup;
}

const ACTION_MOTIFS: readonly (readonly [readonly string[], Motif])[] = [
  [['swim', 'dive', 'diving', 'surf', 'sail', 'rowing', 'kayak', 'canoe', 'water', 'splash', 'rain', 'boat', 'jet ski'], (c) => waves(c, c.colours[0] ?? [80, 180, 230])],
  [['fly', 'flying', 'jump', 'levitat', 'balloon', 'plane', 'rocket', 'glid', 'parachut', 'float', 'dragon', 'broom', 'helicopter'], (c) => streaks(c, c.colours[0] ?? WHITE, -90 + c.dice.between(-15, 15))],
  [['run', 'racing', 'race', 'speed', 'sprint', 'riding', 'ride', 'drive', 'driving', 'motorcycle', 'car', 'bike', 'cycling', 'ski', 'skate', 'horse', 'gallop', 'train', 'scooter', 'walking'], (c) => streaks(c, c.colours[0] ?? WHITE, c.dice.between(-8, 8))],
  [['music', 'sing', 'guitar', 'piano', 'drum', 'violin', 'danc', 'concert', 'orchestra', 'jazz', 'dj', 'ballet', 'tango', 'salsa', 'waltz', 'hip hop', 'record', 'cello', 'saxophone', 'trumpet', 'flute', 'harp', 'choir', 'opera'], (c) => notes(c, c.colours[0] ?? ownHue(c, 0.7, 0.6))],
  [['read', 'study', 'book', 'write', 'writing', 'laptop', 'learn', 'math', 'science', 'lab', 'chemistry', 'history', 'physics', 'biology', 'code', 'coding', 'philosophy', 'astronomy', 'geography'], (c) => lampGlow(c, c.colours[0] ?? ownHue(c, 0.5, 0.7))],
  [['fight', 'sword', 'boxing', 'martial', 'combat', 'karate', 'fenc', 'battle', 'punch', 'kick', 'judo', 'wrestl', 'archery', 'taekwondo'], (c) => slashes(c, c.colours[0] ?? ownHue(c, 0.8, 0.55))],
  [['cook', 'bak', 'kitchen', 'coffee', 'tea', 'steam', 'grill', 'eat', 'drink'], (c) => steam(c, c.colours[0] ?? WHITE)],
  [['paint', 'draw', 'sculpt', 'craft', 'photograph', 'selfie', 'graffiti', 'pottery'], (c) => splashes(c)],
  [['ball', 'football', 'soccer', 'basket', 'tennis', 'golf', 'volley', 'rugby', 'baseball', 'bowling', 'hockey', 'cricket', 'ping pong', 'badminton'], (c) => trajectory(c, c.colours[0] ?? ownHue(c, 0.8, 0.55))],
  [['spell', 'magic', 'wand', 'casting', 'wizard', 'meditat', 'yoga', 'levitat'], (c) => sparkleSpiral(c, c.colours[0] ?? ownHue(c, 0.8, 0.65))],
];

function actionOverlay(context: OverlayContext): string {
  return chooseMotif(context, ACTION_MOTIFS)(context);
}

// ── Clothing: a garment over the lower body, with its cut and pattern ──

function torso(context: OverlayContext, flare: number): string {
  const { x, y, r } = figure(context);
  const H = context.height;
  const shoulders = y + 1.5 * r;
  const half = 2.6 * r;
  return `M${n(x - half - flare)} ${n(H)} L${n(x - half)} ${n(shoulders + 0.8 * r)} Q${n(x - half)} ${n(shoulders)} ${n(x - 0.9 * r)} ${n(shoulders - 0.1 * r)} L${n(x + 0.9 * r)} ${n(shoulders - 0.1 * r)} Q${n(x + half)} ${n(shoulders)} ${n(x + half)} ${n(shoulders + 0.8 * r)} L${n(x + half + flare)} ${n(H)} Z`;
}

type Pattern = (context: OverlayContext, colour: Rgb) => string;

function lines(context: OverlayContext, colour: Rgb, angle: number, spacing: number, width: number, opacity: number): string {
  const { height: H } = context;
  const reach = WIDTH + H;
  let markup = '';
  for (let offset = -reach; offset < reach; offset += spacing) {
    markup += `<line x1="${n(offset)}" y1="${n(-reach)}" x2="${n(offset)}" y2="${n(reach)}"${stroke(colour, width, opacity)} transform="rotate(${n(angle)} ${WIDTH / 2} ${n(H / 2)})"/>`;
  }
  return markup;
}

const CLOTHING_PATTERNS: readonly (readonly [readonly string[], Pattern])[] = [
  [['check', 'plaid', 'tartan', 'flannel', 'gingham', 'houndstooth'], (c, colour) => {
    const spacing = c.dice.between(22, 48);
    return lines(c, colour, 0, spacing, spacing * 0.25, 0.55) + lines(c, colour, 90, spacing, spacing * 0.25, 0.55);
  }],
  [['stripe', 'sailor', 'breton', 'pinstripe', 'referee', 'prison'], (c, colour) => {
    const spacing = c.dice.between(16, 40);
    return lines(c, colour, c.words.includes('pinstripe') ? 0 : 90, spacing, spacing * 0.4, 0.6);
  }],
  [['floral', 'flower', 'hawaiian', 'polka', 'dots', 'sequin', 'glitter', 'sparkl', 'lace'], (c, colour) =>
    scatter(c, c.dice.int(40, 80), (x, y) => circle(x, y, c.dice.between(3, 9), colour, 0.75), 0.55, 1)],
  [['suit', 'tuxedo', 'blazer', 'jacket', 'coat', 'tailcoat', 'uniform', 'waistcoat', 'tie'], (c, colour) => {
    const { x, y, r } = figure(c);
    const top = y + 1.4 * r;
    const shirt = path(polygon([[x - 0.7 * r, top], [x, top + 2.2 * r], [x + 0.7 * r, top]]), css([245, 245, 245]), ' fill-opacity="0.8"');
    const tie = path(polygon([[x - 0.12 * r, top + 0.1 * r], [x + 0.12 * r, top + 0.1 * r], [x + 0.2 * r, top + 1.7 * r], [x, top + 2 * r], [x - 0.2 * r, top + 1.7 * r]]), css(colour), ' fill-opacity="0.9"');
    return shirt + tie;
  }],
  [['denim', 'jean', 'twill', 'canvas', 'overalls', 'workwear'], (c, colour) => lines(c, mix(colour, WHITE, 0.4), 35, c.dice.between(6, 12), 1.6, 0.45)],
  [['leather', 'latex', 'vinyl', 'satin', 'silk', 'velvet', 'metallic', 'armour', 'armor', 'chain mail'], (c, colour) => {
    const { x, y, r } = figure(c);
    return `<ellipse cx="${n(x - 1.2 * r)}" cy="${n(y + 3.2 * r)}" rx="${n(0.5 * r)}" ry="${n(1.6 * r)}" fill="${css(mix(colour, WHITE, 0.75))}" fill-opacity="0.55" transform="rotate(${n(c.dice.between(-25, 25))} ${n(x - 1.2 * r)} ${n(y + 3.2 * r)})"/>`;
  }],
  [['knit', 'sweater', 'wool', 'cardigan', 'cable', 'crochet', 'jumper'], (c, colour) => {
    const { height: H } = c;
    const step = c.dice.between(14, 24);
    let markup = '';
    for (let y = 0.55 * H; y < H; y += step) {
      let d = `M0 ${n(y)}`;
      for (let x = 0; x < WIDTH; x += step) d += ` l${n(step / 2)} ${n(step / 2)} l${n(step / 2)} ${n(-step / 2)}`;
      markup += `<path d="${d}" fill="none"${stroke(mix(colour, WHITE, 0.35), 2.2, 0.55)}/>`;
    }
    return markup;
  }],
  [['track', 'sport', 'jersey', 'athletic', 'tracksuit', 'gym', 'running', 'cycling', 'football', 'tennis'], (c, colour) => {
    const { x, y, r } = figure(c);
    const offset = c.dice.between(2.0, 2.4) * r;
    return [-1, 1].map((side) => `<line x1="${n(x + side * offset)}" y1="${n(y + 2 * r)}" x2="${n(x + side * (offset + 0.4 * r))}" y2="${n(c.height)}"${stroke(colour, 0.18 * r, 0.85)}/>`).join('');
  }],
  [['kimono', 'sari', 'hanbok', 'toga', 'robe', 'wrap', 'kaftan', 'poncho', 'cheongsam', 'dirndl'], (c, colour) => {
    const { x, y, r } = figure(c);
    return path(polygon([[x - 1.5 * r, y + 1.6 * r], [x - 0.8 * r, y + 1.6 * r], [x + 2.6 * r, c.height], [x + 1.6 * r, c.height]]), css(colour), ' fill-opacity="0.7"');
  }],
];

const DRESS_WORDS = ['dress', 'gown', 'skirt', 'tutu', 'ballgown', 'wedding'];

function clothingOverlay(context: OverlayContext): string {
  const { id, dice } = context;
  const fabric = context.colours[0] ?? ownHue(context, dice.between(0.35, 0.8), dice.between(0.3, 0.6));
  const accent = context.colours[1] ?? mix(fabric, dice.next() < 0.5 ? WHITE : BLACK, 0.45);
  const flare = mentions(context.words, DRESS_WORDS) ? dice.between(120, 260) : dice.between(0, 40);
  const outline = torso(context, flare);
  const pattern = chooseMotif(context, CLOTHING_PATTERNS.map(([words, draw]) => [words, (c: OverlayContext) => draw(c, accent)] as const));
  const { y, r } = figure(context);
  const fade: Stop[] = [[0, fabric, 0.35], [1, mix(fabric, BLACK, 0.2), 0.72]];
  return (
    `<defs>${linearGradient(`${id}-fabric`, [0, 0, 0, 1], fade)}<clipPath id="${id}-cut"><path d="${outline}"/></clipPath></defs>` +
    path(outline, `url(#${id}-fabric)`) +
    `<g clip-path="url(#${id}-cut)">${pattern(context)}</g>` +
    `<path d="${outline}" fill="none"${stroke(mix(fabric, BLACK, 0.4), 0.05 * r, 0.5)}/>` +
    // A collar line at the neck, where every garment starts.
    `<path d="M${n(WIDTH / 2 - 0.9 * r)} ${n(y + 1.4 * r)} Q${n(WIDTH / 2)} ${n(y + 2.1 * r)} ${n(WIDTH / 2 + 0.9 * r)} ${n(y + 1.4 * r)}" fill="none"${stroke(accent, 0.08 * r, 0.7)}/>`
  );
}

// ── Camera: framing, lens and viewpoint ──

function vignette(context: OverlayContext, strength: number, roundness = 0.75): string {
  const { id, height: H } = context;
  const reach = Math.hypot(WIDTH, H) / 2;
  return `<defs>${radialGradient(`${id}-vignette`, { x: WIDTH / 2, y: H / 2, r: reach }, [[0, BLACK, 0], [roundness, BLACK, strength * 0.55], [1, BLACK, strength]])}</defs><rect width="${WIDTH}" height="${n(H)}" fill="url(#${id}-vignette)"/>`;
}

function edgeWash(context: OverlayContext, direction: readonly [number, number, number, number], colour: Rgb, opacity: number): string {
  const { id, height: H } = context;
  const gradientId = `${id}-wash${direction.join('')}`;
  return `<defs>${linearGradient(gradientId, direction, [[0, colour, opacity], [0.55, colour, 0]])}</defs><rect width="${WIDTH}" height="${n(H)}" fill="url(#${gradientId})"/>`;
}

const CAMERA_FRAMINGS: readonly (readonly [readonly string[], Motif])[] = [
  [['fisheye', 'fish eye', 'peephole', 'keyhole', 'spherical'], (c) => {
    const H = c.height;
    const radius = Math.min(WIDTH, H) * c.dice.between(0.46, 0.52);
    return path(`M0 0 H${WIDTH} V${n(H)} H0 Z M${n(WIDTH / 2 - radius)} ${n(H / 2)} a${n(radius)} ${n(radius)} 0 1 0 ${n(2 * radius)} 0 a${n(radius)} ${n(radius)} 0 1 0 ${n(-2 * radius)} 0 Z`, css(BLACK), ' fill-rule="evenodd" fill-opacity="0.9"') + vignette(c, 0.5, 0.5);
  }],
  [['cinematic', 'anamorphic', 'widescreen', 'wide shot', 'extreme wide', 'panoram', 'establishing'], (c) => {
    const bar = c.dice.between(0.07, 0.12) * c.height;
    return `<rect width="${WIDTH}" height="${n(bar)}" fill="#000"/><rect y="${n(c.height - bar)}" width="${WIDTH}" height="${n(bar)}" fill="#000"/>` + vignette(c, 0.3);
  }],
  [['pov', 'point of view', 'first person', 'drone', 'aerial', 'cctv', 'security', 'viewfinder', 'camcorder', 'gopro', 'action cam', 'body cam'], (c) => {
    const H = c.height;
    const inset = c.dice.between(30, 60);
    const arm = c.dice.between(50, 90);
    const corner = (x: number, y: number, sx: number, sy: number) => `<path d="M${n(x)} ${n(y + sy * arm)} V${n(y)} H${n(x + sx * arm)}" fill="none"${stroke(WHITE, 4, 0.9)}/>`;
    return corner(inset, inset, 1, 1) + corner(WIDTH - inset, inset, -1, 1) + corner(inset, H - inset, 1, -1) + corner(WIDTH - inset, H - inset, -1, -1) +
      `<path d="M${WIDTH / 2 - 25} ${n(H / 2)} H${WIDTH / 2 + 25} M${WIDTH / 2} ${n(H / 2 - 25)} V${n(H / 2 + 25)}"${stroke(WHITE, 2.5, 0.85)}/>` +
      circle(inset + 40, inset + 40, 9, [230, 30, 30], 0.95);
  }],
  [['dutch', 'tilted', 'canted', 'tilt '], (c) => {
    const angle = c.dice.between(8, 16) * (c.dice.next() < 0.5 ? -1 : 1);
    const H = c.height;
    return `<rect x="${n(-0.2 * WIDTH)}" y="${n(-0.2 * H)}" width="${n(1.4 * WIDTH)}" height="${n(1.4 * H)}" fill="none" transform="rotate(${n(angle)} ${WIDTH / 2} ${n(H / 2)})"${stroke(BLACK, 0.28 * Math.min(WIDTH, H), 0.6)}/>` + vignette(c, 0.35);
  }],
  [['tilt shift', 'miniature', 'diorama'], (c) => edgeWash(c, [0, 0, 0, 1], WHITE, 0.5) + edgeWash(c, [0, 1, 0, 0], WHITE, 0.5)],
  [['bokeh', 'shallow depth', 'aperture', 'macro', 'telephoto', 'portrait lens', 'close up', 'extreme close'], (c) => {
    const colour = c.colours[0] ?? [255, 214, 150];
    return vignette(c, 0.45) + scatter(c, c.dice.int(10, 18), (x, y) => circle(x, y, c.dice.between(18, 55), mix(colour, WHITE, c.dice.next() * 0.5), c.dice.between(0.18, 0.35)));
  }],
  [['low angle', 'worm s eye', 'worms eye', 'looking up', 'from below', 'heroic'], (c) => edgeWash(c, [0, 0, 0, 1], [255, 244, 220], 0.45) + vignette(c, 0.25)],
  [['high angle', 'bird s eye', 'birds eye', 'top down', 'overhead', 'looking down', 'flat lay', 'from above'], (c) => edgeWash(c, [0, 1, 0, 0], [255, 244, 220], 0.4) + edgeWash(c, [0, 0, 0, 1], BLACK, 0.35)],
  [['profile', 'side view', 'three quarter', 'over the shoulder', 'shoulder'], (c) => {
    const fromLeft = c.dice.next() < 0.5;
    return edgeWash(c, fromLeft ? [0, 0, 1, 0] : [1, 0, 0, 0], BLACK, 0.65);
  }],
  [['film', '35mm', 'analog', 'polaroid', 'instant', 'medium format', 'large format', 'vintage'], (c) => {
    const border = c.dice.between(18, 36);
    return `<rect x="${n(border / 2)}" y="${n(border / 2)}" width="${n(WIDTH - border)}" height="${n(c.height - border)}" fill="none"${stroke(c.colours[0] ?? [248, 244, 236], border, 0.95)}/>` + vignette(c, 0.3);
  }],
  [['symmetr', 'centred', 'centered', 'front', 'straight on', 'rule of thirds', 'eye level'], (c) => {
    const H = c.height;
    const guides = [1 / 3, 2 / 3].map((f) => `<line x1="${n(f * WIDTH)}" y1="0" x2="${n(f * WIDTH)}" y2="${n(H)}"${stroke(WHITE, 1.5, 0.45)}/><line x1="0" y1="${n(f * H)}" x2="${WIDTH}" y2="${n(f * H)}"${stroke(WHITE, 1.5, 0.45)}/>`);
    return guides.join('') + vignette(c, 0.2);
  }],
];

function cameraOverlay(context: OverlayContext): string {
  const framing = CAMERA_FRAMINGS.find(([words]) => mentions(context.words, words))?.[1];
  return (framing ?? ((c: OverlayContext) => vignette(c, c.dice.between(0.3, 0.6), c.dice.between(0.55, 0.85))))(context);
}

export const OVERLAY_RECIPES = {
  character: characterOverlay,
  action: actionOverlay,
  clothing: clothingOverlay,
  camera: cameraOverlay,
} as const satisfies Record<string, Motif>;

export type OverlayCategory = keyof typeof OVERLAY_RECIPES;
export const OVERLAY_WIDTH = WIDTH;
