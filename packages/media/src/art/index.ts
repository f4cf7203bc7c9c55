import { hexToRgb } from '../color';
import { JPEG_OUTPUT } from '../limits';
import { sharp } from '../sharp';
import { svgDocument } from '../svg';
import { portraitMarkup, type PortraitParams } from './portrait';
import { sceneMarkup, type SceneParams } from './scene';

/**
 * Images the app ships without downloading anything: SVG art written here, rendered by sharp.
 * The same id always gives the same bytes.
 */
async function renderJpeg(
  markup: string,
  width: number,
  height: number,
  viewWidth: number,
  viewHeight: number,
): Promise<Buffer> {
  return sharp(svgDocument(width, height, viewWidth, viewHeight, markup))
    .flatten()
    .jpeg(JPEG_OUTPUT)
    .toBuffer();
}

const hex = hexToRgb;

export interface GeneratedImage {
  id: string;
  /** French caption. */
  title: string;
}

const MODELS: readonly (GeneratedImage & { params: Omit<PortraitParams, 'seed'> })[] = [
  {
    id: 'model-camille',
    title: 'Camille',
    params: {
      skin: hex('#f1c7a8'),
      hair: hex('#6b4226'),
      hairStyle: 'long',
      clothing: hex('#2f6f8f'),
      background: [hex('#fde2c8'), hex('#f7b7a3')],
    },
  },
  {
    id: 'model-malik',
    title: 'Malik',
    params: {
      skin: hex('#8d5524'),
      hair: hex('#1c1410'),
      hairStyle: 'short',
      clothing: hex('#e0a526'),
      background: [hex('#c9e4f2'), hex('#7fb3d5')],
    },
  },
  {
    id: 'model-lea',
    title: 'Léa',
    params: {
      skin: hex('#e0ac69'),
      hair: hex('#b5482b'),
      hairStyle: 'curly',
      clothing: hex('#5a8f4e'),
      background: [hex('#f3eac2'), hex('#d9c27a')],
    },
  },
  {
    id: 'model-amina',
    title: 'Amina',
    params: {
      skin: hex('#5c3a21'),
      hair: hex('#0f0b0a'),
      hairStyle: 'afro',
      clothing: hex('#c2185b'),
      background: [hex('#e7d9f5'), hex('#b39ddb')],
    },
  },
  {
    id: 'model-hugo',
    title: 'Hugo',
    params: {
      skin: hex('#c68642'),
      hair: hex('#d8c08a'),
      hairStyle: 'bun',
      clothing: hex('#37474f'),
      background: [hex('#d7f0e6'), hex('#86c9b0')],
    },
  },
];

const SCENES: readonly (GeneratedImage & { params: Omit<SceneParams, 'seed'> })[] = [
  {
    id: 'welcome-lac',
    title: 'Lac au coucher du soleil',
    params: {
      sky: ['#2b3a67', '#ff9a62'],
      light: { x: 640, y: 420, r: 46, colour: '#ffe29a' },
      ridges: [
        { colour: '#5b4a73', height: 0.48, roughness: 0.16 },
        { colour: '#3a3152', height: 0.36, roughness: 0.1 },
      ],
      water: '#1e2a4a',
    },
  },
  {
    id: 'welcome-ville',
    title: 'La ville la nuit',
    params: {
      sky: ['#0b1030', '#4a2c6e'],
      light: { x: 820, y: 140, r: 38, colour: '#f4f1de' },
      ridges: [{ colour: '#120f24', height: 0.14, roughness: 0.02 }],
      stars: true,
      skyline: '#1b1838',
    },
  },
  {
    id: 'welcome-plage',
    title: 'Plage tropicale',
    params: {
      sky: ['#3aa0e0', '#bdeeff'],
      light: { x: 760, y: 160, r: 50, colour: '#fff6c9' },
      ridges: [{ colour: '#f1d9a7', height: 0.16, roughness: 0.03 }],
      water: '#1597bb',
      palms: '#1f5a3a',
    },
  },
  {
    id: 'welcome-foret',
    title: 'Forêt au matin',
    params: {
      sky: ['#9fd3c7', '#f6f1d3'],
      light: { x: 300, y: 200, r: 44, colour: '#fffbe0' },
      ridges: [
        { colour: '#6fa287', height: 0.55, roughness: 0.2 },
        { colour: '#3f7a5c', height: 0.42, roughness: 0.18 },
        { colour: '#22513b', height: 0.28, roughness: 0.14 },
      ],
    },
  },
  {
    id: 'welcome-desert',
    title: 'Dunes du désert',
    params: {
      sky: ['#f08a4b', '#ffd9a0'],
      light: { x: 480, y: 300, r: 60, colour: '#fff1c1' },
      ridges: [
        { colour: '#e3a15c', height: 0.4, roughness: 0.08 },
        { colour: '#c97b3c', height: 0.28, roughness: 0.07 },
        { colour: '#a85d2a', height: 0.16, roughness: 0.05 },
      ],
    },
  },
  {
    id: 'welcome-aurore',
    title: 'Aurore boréale',
    params: {
      sky: ['#050b1f', '#123a4f'],
      light: { x: 150, y: 110, r: 22, colour: '#e8f1ff' },
      ridges: [
        { colour: '#d9e6f2', height: 0.34, roughness: 0.22 },
        { colour: '#8fa8c0', height: 0.2, roughness: 0.1 },
      ],
      stars: true,
      aurora: true,
    },
  },
];

export const DEFAULT_MODELS: readonly GeneratedImage[] = MODELS.map(({ id, title }) => ({ id, title }));
export const WELCOME_IMAGES: readonly GeneratedImage[] = SCENES.map(({ id, title }) => ({ id, title }));

/** A default model portrait, 768 × 960 JPEG; undefined for an unknown id. */
export async function renderDefaultModel(id: string): Promise<Buffer | undefined> {
  const model = MODELS.find((candidate) => candidate.id === id);
  return model && renderJpeg(portraitMarkup({ seed: model.id, ...model.params }), 768, 960, 1000, 1250);
}

/** A welcome image, 1024 × 768 JPEG; undefined for an unknown id. */
export async function renderWelcomeImage(id: string): Promise<Buffer | undefined> {
  const scene = SCENES.find((candidate) => candidate.id === id);
  return scene && renderJpeg(sceneMarkup({ seed: scene.id, ...scene.params }), 1024, 768, 1000, 750);
}

export const SAMPLE_SIZE = 512;

/**
 * The picture option thumbnails are made from: a person in front of hills under a sun, so that
 * styles, characters, places and framings all have something to act on. Square, 512 px.
 */
export async function renderSampleImage(): Promise<Buffer> {
  const markup = portraitMarkup({
    seed: 'sample',
    skin: hex('#e8b48f'),
    hair: hex('#4a2f1f'),
    hairStyle: 'long',
    clothing: hex('#d9534f'),
    background: [hex('#8ec5ee'), hex('#f6e3c2')],
    landscape: true,
  });
  // The portrait frame is 1000 × 1250; the square keeps the head and shoulders.
  return renderJpeg(`<g transform="translate(0 -200)">${markup}</g>`, SAMPLE_SIZE, SAMPLE_SIZE, 1000, 1000);
}
