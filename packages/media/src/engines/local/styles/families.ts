/**
 * Every style option of the catalogue belongs to a rendering family with parameters of its own
 * (sizes are in pixels per 1000 px of long edge). The families are classical non-photorealistic
 * rendering: see renderers.ts. Photographic looks (sepia, film noir…) keep their colour grade
 * (recipes.ts) and add grain, vignette and, for the digital ones, scan lines or split channels.
 */
export interface ToonStyle {
  family: 'toon';
  /** Bilateral passes before quantising: more gives flatter, smoother areas. */
  smoothing: number;
  colours: number;
  /** Ink line strength (0 = none) and width. */
  ink: number;
  inkWidth: number;
  saturation: number;
  /** Halftone dots in the shadows (pop art, comics); grey screentone when `mono`. */
  halftone: number;
  mono: boolean;
}

export interface WatercolourStyle {
  family: 'watercolour';
  colours: number;
  /** How far colours bleed into each other (wet-in-wet). */
  bleed: number;
  /** Pigment pooled at the edges of each wash. */
  edgeDarkening: number;
  paper: number;
  mono: boolean;
  /** Opaque media (gouache, fresco) stay closer to full colour. */
  opacity: number;
}

export interface OilStyle {
  family: 'oil';
  brush: number;
  strokeLength: number;
  impasto: number;
  saturation: number;
}

export interface SketchStyle {
  family: 'sketch';
  medium: 'pencil' | 'ink' | 'blueprint';
  /** Blur of the inverted picture in the colour dodge: wider gives bolder outlines. */
  line: number;
  hatching: number;
}

export interface EngravingStyle {
  family: 'engraving';
  /** Distance between engraved lines; linocut is coarse and posterised. */
  spacing: number;
  angle: number;
  bold: boolean;
}

export interface PixelStyle {
  family: 'pixel';
  block: number;
  colours: number;
}

export interface CellStyle {
  family: 'cells';
  size: number;
  /** High: regular tiles; low: cells that follow the picture's edges. */
  compactness: number;
  leading: number;
  /** Colour of the joints: dark lead, light grout or the cell's own colour darkened. */
  joint: readonly [number, number, number] | 'shade';
  saturation: number;
  /** Mottled glass or stone texture within each cell. */
  texture: number;
}

export interface DotStyle {
  family: 'dots';
  spacing: number;
  saturation: number;
}

export interface ReliefStyle {
  family: 'relief';
  material: 'marble' | 'bronze' | 'wood';
}

/** The photographic grades recipes.ts applies, in order, to a style of the photo family. */
export type PhotoGrade =
  | 'monochrome'
  | 'vintage'
  | 'sepia'
  | 'contrast'
  | 'infrared'
  | 'dark'
  | 'cyanotype'
  | 'neon'
  | 'pixel'
  | 'glitch'
  | 'soft';

export interface PhotoStyle {
  family: 'photo';
  grades: readonly PhotoGrade[];
  grain: number;
  vignette: number;
  scanLines: number;
  channelShift: number;
  glow: number;
}

export type StyleFamily =
  | ToonStyle
  | WatercolourStyle
  | OilStyle
  | SketchStyle
  | EngravingStyle
  | PixelStyle
  | CellStyle
  | DotStyle
  | ReliefStyle
  | PhotoStyle;

const toon = (parts: Partial<ToonStyle>): ToonStyle => ({
  family: 'toon',
  smoothing: 2,
  colours: 10,
  ink: 1,
  inkWidth: 1.2,
  saturation: 1.2,
  halftone: 0,
  mono: false,
  ...parts,
});
const watercolour = (parts: Partial<WatercolourStyle>): WatercolourStyle => ({
  family: 'watercolour',
  colours: 12,
  bleed: 1,
  edgeDarkening: 1,
  paper: 1,
  mono: false,
  opacity: 0.75,
  ...parts,
});
const oil = (parts: Partial<OilStyle>): OilStyle => ({
  family: 'oil',
  brush: 5,
  strokeLength: 6,
  impasto: 1,
  saturation: 1.15,
  ...parts,
});
const photo = (grades: readonly PhotoGrade[], parts: Partial<PhotoStyle>): PhotoStyle => ({
  family: 'photo',
  grades,
  grain: 0.04,
  vignette: 0.3,
  scanLines: 0,
  channelShift: 0,
  glow: 0,
  ...parts,
});
const cellStyle = (parts: Partial<CellStyle>): CellStyle => ({
  family: 'cells',
  size: 24,
  compactness: 1,
  leading: 2.5,
  joint: 'shade',
  saturation: 1.1,
  texture: 0,
  ...parts,
});

const LEAD = [0.06, 0.05, 0.05] as const;

export const STYLE_FAMILIES: Readonly<Record<string, StyleFamily>> = {
  // Painting
  watercolor: watercolour({}),
  'oil-painting': oil({}),
  pointillism: { family: 'dots', spacing: 12, saturation: 1.5 },
  'pop-art': toon({ colours: 6, ink: 1, inkWidth: 2, saturation: 1.9, halftone: 1 }),
  minimalism: toon({ smoothing: 3, colours: 4, ink: 0, saturation: 0.8 }),
  'ukiyo-e': toon({ colours: 7, ink: 1, inkWidth: 1, saturation: 0.85 }),
  'chinese-ink': watercolour({ colours: 6, bleed: 1.4, edgeDarkening: 1.6, paper: 1, mono: true, opacity: 0.9 }),
  fresco: watercolour({ colours: 10, bleed: 0.6, edgeDarkening: 0.4, paper: 1.8, opacity: 0.6 }),
  'stained-glass': cellStyle({ size: 34, compactness: 0.3, leading: 4, joint: LEAD, saturation: 1.8, texture: 0.18 }),
  // Drawing and print
  'pencil-sketch': { family: 'sketch', medium: 'pencil', line: 6, hatching: 1 },
  'ink-drawing': { family: 'sketch', medium: 'ink', line: 4, hatching: 1.6 },
  blueprint: { family: 'sketch', medium: 'blueprint', line: 4, hatching: 0 },
  engraving: { family: 'engraving', spacing: 4, angle: 30, bold: false },
  linocut: { family: 'engraving', spacing: 9, angle: -20, bold: true },
  // Illustration and animation
  cartoon: toon({ smoothing: 3, colours: 8, ink: 1, inkWidth: 1.5, saturation: 1.35 }),
  manga: toon({ smoothing: 2, colours: 4, ink: 1, inkWidth: 1.1, saturation: 0, halftone: 1, mono: true }),
  'comic-book': toon({ colours: 7, ink: 1, inkWidth: 1.8, saturation: 1.45, halftone: 0.5 }),
  'pixel-art': { family: 'pixel', block: 9, colours: 16 },
  'low-poly': cellStyle({ size: 40, compactness: 0.8, leading: 0, saturation: 1.1 }),
  'vector-flat': toon({ smoothing: 3, colours: 6, ink: 0, saturation: 1.3 }),
  'vintage-poster': toon({ colours: 5, ink: 0.5, inkWidth: 1.5, saturation: 0.8, halftone: 0.4 }),
  // Photography
  'vintage-photo': photo(['vintage'], { grain: 0.06, vignette: 0.45 }),
  'black-and-white': photo(['monochrome'], { grain: 0.05, vignette: 0.25 }),
  sepia: photo(['monochrome', 'sepia'], { grain: 0.05, vignette: 0.4 }),
  polaroid: photo(['vintage'], { grain: 0.03, vignette: 0.2, glow: 0.2 }),
  'film-noir': photo(['monochrome', 'vintage', 'contrast'], { grain: 0.07, vignette: 0.6 }),
  cinematic: photo(['vintage'], { grain: 0.02, vignette: 0.35 }),
  hdr: photo(['contrast'], { grain: 0, vignette: 0.1, glow: 0.15 }),
  infrared: photo(['contrast', 'infrared', 'dark'], { grain: 0.05, vignette: 0.2, glow: 0.35 }),
  lomography: photo(['vintage'], { grain: 0.05, vignette: 0.75 }),
  daguerreotype: photo(['monochrome', 'sepia'], { grain: 0.09, vignette: 0.7 }),
  cyanotype: photo(['cyanotype'], { grain: 0.06, vignette: 0.3 }),
  'fashion-editorial': photo(['contrast'], { grain: 0.015, vignette: 0.15, glow: 0.2 }),
  // Genres and moods
  vaporwave: photo(['neon', 'vintage'], { grain: 0.02, vignette: 0.2, glow: 0.4, scanLines: 0.3, channelShift: 2 }),
  synthwave: photo(['neon', 'vintage'], { grain: 0.02, vignette: 0.4, glow: 0.7, scanLines: 0.25 }),
  psychedelic: toon({ smoothing: 2, colours: 6, ink: 0.6, inkWidth: 1.5, saturation: 2.2 }),
  glitch: photo(['pixel', 'glitch'], { grain: 0.04, vignette: 0.1, scanLines: 0.35, channelShift: 8 }),
  hologram: photo(['neon'], { grain: 0.03, vignette: 0.3, glow: 0.6, scanLines: 0.5, channelShift: 3 }),
  // Materials
  'marble-statue': { family: 'relief', material: 'marble' },
  'bronze-statue': { family: 'relief', material: 'bronze' },
  'wood-carving': { family: 'relief', material: 'wood' },
};

export function styleFamily(optionId: string): StyleFamily | undefined {
  return STYLE_FAMILIES[optionId];
}
