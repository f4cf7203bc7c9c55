import { WHITE, css, hexToRgb, hsl, mix, type Rgb } from '../../color';
import type { Dice } from '../../hash';
import type { Landmark } from '../../art/landmarks';
import { n, polygon } from '../../svg';

/**
 * Graded SVG drawings for what a colour grade cannot show: the environments' scenes, drawn behind
 * the person by environment.ts. An environment's scene and landmark come from ENVIRONMENT_SCENES by
 * its id; its dice (seeded by the option id) pick sizes, counts and positions, so every option draws
 * something of its own and always the same thing. Drawing happens in a frame 1000 units wide and
 * `height` units tall (the image's aspect); the subject is assumed centred, as in a portrait.
 */
export interface OverlayContext {
  /** Unique prefix for gradient ids. */
  id: string;
  height: number;
  dice: Dice;
  /** Colours for this option, most specific first: the user's choice, then the option's own (option-colors.ts). */
  colours: readonly Rgb[];
}

const WIDTH = 1000;

/** A hue drawn from the option's dice, for options with no colours of their own. */
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
  sky: readonly [top: string, horizon: string];
  ground: string;
  horizon: Horizon;
  particles: Particles;
}

/** The scenes an environment is drawn in: sky, ground, the horizon's shape and what floats in the air. */
const SCENES = {
  space: { sky: ['#050818', '#2a1b5e'], ground: '#120c2a', horizon: 'hills', particles: 'stars' },
  underwater: { sky: ['#0a3d62', '#1e90b0'], ground: '#0b4f4f', horizon: 'waves', particles: 'bubbles' },
  volcano: { sky: ['#2b0a0a', '#ff5a1f'], ground: '#3a0d0d', horizon: 'peaks', particles: 'embers' },
  neon: { sky: ['#1a0b3a', '#ff3da8'], ground: '#141028', horizon: 'skyline', particles: 'rain' },
  snow: { sky: ['#9cc9f0', '#f0f8ff'], ground: '#e8f1f8', horizon: 'peaks', particles: 'snow' },
  ocean: { sky: ['#4fb3e8', '#bfe9ff'], ground: '#0e7490', horizon: 'waves', particles: 'none' },
  desert: { sky: ['#f4a259', '#ffe0a3'], ground: '#c98a3f', horizon: 'dunes', particles: 'none' },
  canyon: { sky: ['#e8743b', '#ffd39a'], ground: '#9a4a24', horizon: 'peaks', particles: 'none' },
  flowers: { sky: ['#b5d8f7', '#fbe3f0'], ground: '#5d8a3a', horizon: 'hills', particles: 'petals' },
  forest: { sky: ['#7cc47f', '#e6f5d0'], ground: '#2f6b35', horizon: 'trees', particles: 'none' },
  enchanted: { sky: ['#3b1d6e', '#ff9ee6'], ground: '#1f3d4d', horizon: 'trees', particles: 'sparkles' },
  haunted: { sky: ['#0b1026', '#3d4a6b'], ground: '#12141c', horizon: 'trees', particles: 'none' },
  city: { sky: ['#6d8fb3', '#f2d7b6'], ground: '#2a2f3a', horizon: 'skyline', particles: 'none' },
  cave: { sky: ['#0d0d12', '#3a3550'], ground: '#15131c', horizon: 'peaks', particles: 'sparkles' },
  ruins: { sky: ['#3b2a1e', '#d9a86c'], ground: '#4a3322', horizon: 'arches', particles: 'none' },
  sky: { sky: ['#7ec8f0', '#ffffff'], ground: '#ffffff', horizon: 'clouds', particles: 'none' },
} satisfies Readonly<Record<string, Scene>>;

type SceneName = keyof typeof SCENES;

/** What the local engine draws behind the person for an environment. */
export interface EnvironmentScene {
  scene: SceneName;
  /** A silhouette beside the person, behind the far ridge. */
  landmark?: Landmark;
  /** Palm fronds in the corners, which make a beach of a seashore. */
  palms?: true;
}

/**
 * Every environment the local engine renders, by option id; the others are cloud-only
 * (catalog/local-engine.ts). The prompt is the cloud engine's: editing it changes no local render.
 */
export const ENVIRONMENT_SCENES: Readonly<Record<string, EnvironmentScene>> = {
  ocean: { scene: 'ocean' },
  forest: { scene: 'forest' },
  desert: { scene: 'desert' },
  underwater: { scene: 'underwater' },
  sky: { scene: 'sky' },
  cave: { scene: 'cave', landmark: 'stalactites' },
  volcano: { scene: 'volcano' },
  'tropical-beach': { scene: 'ocean', palms: true },
  'snowy-mountains': { scene: 'snow' },
  savanna: { scene: 'desert', landmark: 'acacias' },
  arctic: { scene: 'snow' },
  'lavender-fields': { scene: 'flowers' },
  'flower-meadow': { scene: 'flowers' },
  countryside: { scene: 'forest' },
  city: { scene: 'city' },
  paris: { scene: 'city', landmark: 'eiffel-tower' },
  'neon-tokyo': { scene: 'neon' },
  'new-york': { scene: 'city', landmark: 'skyscraper' },
  venice: { scene: 'ocean', landmark: 'bell-tower' },
  'christmas-market': { scene: 'snow', landmark: 'fir-trees' },
  funfair: { scene: 'city', landmark: 'ferris-wheel' },
  castle: { scene: 'ruins', landmark: 'castle' },
  'ancient-rome': { scene: 'ruins', landmark: 'colosseum' },
  'ancient-egypt': { scene: 'desert', landmark: 'pyramids' },
  'wild-west': { scene: 'canyon', landmark: 'cacti' },
  'japanese-garden': { scene: 'flowers', landmark: 'arched-bridge' },
  'mayan-ruins': { scene: 'desert', landmark: 'step-pyramid' },
  space: { scene: 'space', landmark: 'ringed-planet' },
  mars: { scene: 'space' },
  moon: { scene: 'space', landmark: 'earth' },
  'space-station': { scene: 'space', landmark: 'earth' },
  'cyberpunk-city': { scene: 'neon' },
  'haunted-mansion': { scene: 'haunted', landmark: 'mansion' },
};

export function sceneFor(
  context: OverlayContext,
  name: SceneName,
): {
  sky: readonly [Rgb, Rgb];
  ground: Rgb;
  horizon: Horizon;
  particles: Particles;
} {
  const scene = SCENES[name];
  // Every option moves its scene's sky a little towards a hue of its own.
  const own = ownHue(context, 0.6, 0.6);
  const toRgb = (hex: string): Rgb => mix(hexToRgb(hex), own, 0.2);
  return {
    sky: [toRgb(scene.sky[0]), toRgb(scene.sky[1])],
    ground: context.colours[0] ?? toRgb(scene.ground),
    horizon: scene.horizon,
    particles: scene.particles,
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
