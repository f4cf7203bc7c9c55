import type { CategoryInstruction } from '../instructions';
import { makeOption, type CatalogOption, type OptionRow } from '../option';

export type FormatKind = 'ratio' | 'resolution' | 'social' | 'print';

export interface Dimensions {
  width: number;
  height: number;
}

/** An output shape; `aspect` drives the crop, `size` (when present) the final resize. */
export interface FormatOption extends CatalogOption {
  kind: FormatKind;
  /** Smallest whole-number ratio, e.g. 16 × 9. */
  aspect: Dimensions;
  /** Target pixel size; absent for pure ratios, which keep the image's resolution. */
  size?: Dimensions;
}

type RatioRow = readonly [...OptionRow, width: number, height: number];
type SizedRow = readonly [...OptionRow, kind: Exclude<FormatKind, 'ratio'>, widthPx: number, heightPx: number];

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function reduce(width: number, height: number): Dimensions {
  const divisor = greatestCommonDivisor(width, height);
  return { width: width / divisor, height: height / divisor };
}

const RATIOS: readonly RatioRow[] = [
  ['square-1-1', 'Carré 1:1', 'square 1:1 composition with the subject centred', 1, 1],
  ['portrait-4-5', 'Portrait 4:5', 'vertical 4:5 portrait composition', 4, 5],
  ['portrait-3-4', 'Portrait 3:4', 'vertical 3:4 composition', 3, 4],
  ['portrait-2-3', 'Portrait 2:3', 'vertical 2:3 composition like a classic photo print', 2, 3],
  ['vertical-9-16', 'Vertical 9:16', 'tall vertical 9:16 composition for phone screens', 9, 16],
  ['landscape-4-3', 'Paysage 4:3', 'horizontal 4:3 composition', 4, 3],
  ['landscape-3-2', 'Paysage 3:2', 'horizontal 3:2 composition like a 35mm photo', 3, 2],
  ['widescreen-16-9', 'Écran large 16:9', 'widescreen 16:9 composition', 16, 9],
  ['cinema-21-9', 'Cinéma 21:9', 'ultra-wide 21:9 cinematic composition with letterbox feel', 21, 9],
  ['ultra-wide-32-9', 'Ultra-large 32:9', 'panoramic 32:9 composition spanning the whole scene', 32, 9],
];

const SIZED: readonly SizedRow[] = [
  // Screen resolutions
  ['hd-720p', 'HD 720p', 'HD 1280×720 widescreen frame', 'resolution', 1280, 720],
  ['full-hd-1080p', 'Full HD 1080p', 'Full HD 1920×1080 widescreen frame', 'resolution', 1920, 1080],
  ['qhd-1440p', 'QHD 1440p', 'QHD 2560×1440 widescreen frame', 'resolution', 2560, 1440],
  ['uhd-4k', '4K UHD', 'ultra HD 4K 3840×2160 frame with fine detail', 'resolution', 3840, 2160],
  ['uhd-8k', '8K UHD', 'ultra HD 8K 7680×4320 frame with extreme detail', 'resolution', 7680, 4320],
  ['vertical-4k', '4K vertical', 'vertical 4K 2160×3840 frame', 'resolution', 2160, 3840],
  // Social networks
  ['instagram-post', 'Publication Instagram', 'square Instagram post composition', 'social', 1080, 1080],
  ['instagram-portrait', 'Portrait Instagram', 'vertical 4:5 Instagram feed composition', 'social', 1080, 1350],
  [
    'instagram-story',
    'Story Instagram',
    'full-screen vertical Instagram story with space at top and bottom',
    'social',
    1080,
    1920,
  ],
  ['tiktok', 'Vidéo TikTok', 'full-screen vertical TikTok frame', 'social', 1080, 1920],
  [
    'youtube-thumbnail',
    'Miniature YouTube',
    'eye-catching YouTube thumbnail with a bold central subject',
    'social',
    1280,
    720,
  ],
  [
    'youtube-banner',
    'Bannière YouTube',
    'wide YouTube channel banner with the subject in the safe centre area',
    'social',
    2560,
    1440,
  ],
  ['facebook-post', 'Publication Facebook', 'landscape Facebook post image', 'social', 1200, 630],
  ['facebook-cover', 'Couverture Facebook', 'wide Facebook cover photo', 'social', 1640, 624],
  ['x-header', 'Bannière X', 'very wide X (Twitter) header banner', 'social', 1500, 500],
  ['linkedin-banner', 'Bannière LinkedIn', 'very wide LinkedIn profile banner', 'social', 1584, 396],
  ['pinterest-pin', 'Épingle Pinterest', 'tall 2:3 Pinterest pin', 'social', 1000, 1500],
  ['profile-picture', 'Photo de profil', 'square profile picture with the face centred', 'social', 800, 800],
  // Print at 300 dpi
  ['a4-portrait', 'A4 portrait', 'portrait A4 print layout with safe margins around the subject', 'print', 2480, 3508],
  ['a4-landscape', 'A4 paysage', 'landscape A4 print layout with safe margins', 'print', 3508, 2480],
  ['a3', 'A3', 'portrait A3 poster print', 'print', 3508, 4961],
  ['a5', 'A5', 'portrait A5 print', 'print', 1748, 2480],
  ['print-10x15', 'Tirage 10x15 cm', 'classic 10×15 cm photo print', 'print', 1181, 1772],
  ['print-20x30', 'Tirage 20x30 cm', '20×30 cm photo print', 'print', 2362, 3543],
  ['poster-30x40', 'Affiche 30x40 cm', '30×40 cm poster print', 'print', 3543, 4724],
  ['postcard', 'Carte postale', 'landscape postcard print', 'print', 1748, 1240],
];

export const FORMAT_OPTIONS: readonly FormatOption[] = [
  ...RATIOS.map(([id, name, prompt, width, height]): FormatOption => ({
    ...makeOption('format', [id, name, prompt]),
    kind: 'ratio',
    aspect: reduce(width, height),
  })),
  ...SIZED.map(([id, name, prompt, kind, width, height]): FormatOption => ({
    ...makeOption('format', [id, name, prompt]),
    kind,
    aspect: reduce(width, height),
    size: { width, height },
  })),
];

/** A format is made by the final crop, never asked of an editor; the studio's text still says it. */
export const FORMAT_INSTRUCTION: CategoryInstruction = { lead: 'Crop the picture to', changes: ['framing'] };
