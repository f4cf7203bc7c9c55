import type { CategoryInstruction } from '../instructions';
import { makeOption, type CatalogOption, type OptionRow } from '../option';
import type { Dimensions } from './format';

/**
 * An enlargement: `scale` multiplies both sides, `sharpen` runs from 0 (none) to 1 (strong). An
 * option named by a screen size (`size`, "Fond d'écran 4K") delivers that frame instead, turned to
 * the picture's orientation: the picture cut to its shape around the subject and enlarged to it;
 * its `scale` is then only the cloud upscaler's factor.
 */
export interface UpscaleOption extends CatalogOption {
  scale: number;
  sharpen: number;
  size?: Dimensions;
}

type UpscaleRow = readonly [...OptionRow, scale: number, sharpen: number, size?: Dimensions];

/** Prompts complete UPSCALE_INSTRUCTION's lead. */
const ROWS: readonly UpscaleRow[] = [
  // Plain enlargements
  ['upscale-1-5x', 'Agrandir ×1,5', 'upscaled 1.5x with natural detail', 1.5, 0.3],
  ['upscale-2x', 'Agrandir ×2', 'upscaled 2x with clean natural detail', 2, 0.4],
  ['upscale-3x', 'Agrandir ×3', 'upscaled 3x with reconstructed fine detail', 3, 0.5],
  ['upscale-4x', 'Agrandir ×4', 'upscaled 4x with reconstructed fine detail', 4, 0.6],
  ['soft-2x', 'Doux ×2', 'upscaled 2x with a soft, smooth finish', 2, 0.1],
  ['crisp-2x', 'Net ×2', 'upscaled 2x with crisp, well-defined edges', 2, 0.8],
  ['soft-4x', 'Doux ×4', 'upscaled 4x with a soft, smooth finish', 4, 0.2],
  ['crisp-4x', 'Net ×4', 'upscaled 4x with crisp, well-defined edges', 4, 0.8],
  ['ultra-sharp-4x', 'Ultra net ×4', 'upscaled 4x with maximum sharpness and micro-detail', 4, 1],
  ['balanced-3x', 'Équilibré ×3', 'upscaled 3x with balanced sharpness', 3, 0.5],
  ['max-quality', 'Qualité maximale', 'maximum quality 4x enlargement with pristine detail', 4, 0.7],
  // Same size, better detail
  ['denoise', 'Débruitage', 'clean image with digital noise removed', 1, 0.2],
  ['detail-boost', 'Rehausser les détails', 'enhanced fine detail and texture', 1, 0.8],
  ['clarity', 'Clarté', 'improved clarity and mid-tone contrast', 1, 0.6],
  ['micro-contrast', 'Micro-contraste', 'punchy micro-contrast on textures', 1, 0.7],
  ['gentle-sharpen', 'Netteté légère', 'gently sharpened', 1, 0.3],
  ['strong-sharpen', 'Netteté forte', 'strongly sharpened with defined edges', 1, 1],
  ['hdr-boost', 'Éclat HDR', 'HDR-like tonal depth with recovered shadows and highlights', 1, 0.5],
  // By subject
  ['portrait-enhance', 'Portrait HD', 'high-definition portrait with natural skin texture and sharp eyes', 2, 0.3],
  ['face-restore', 'Restauration de visage', 'restored facial detail with sharp eyes and natural skin', 2, 0.4],
  ['skin-smooth', 'Peau lissée', 'softly smoothed skin while keeping pores natural', 1.5, 0.1],
  ['landscape-detail', 'Paysage détaillé', 'high-definition landscape with crisp foliage and distant detail', 2, 0.7],
  ['architecture-lines', 'Lignes architecturales', 'crisp straight architectural lines and textures', 2, 0.8],
  ['wildlife-detail', 'Faune et plumage', 'sharp fur and feather detail', 2, 0.8],
  ['food-detail', 'Gastronomie', 'appetising food detail with crisp textures', 1.5, 0.6],
  ['product-shot', 'Photo produit', 'clean, crisp product detail for e-commerce', 2, 0.7],
  ['text-and-logos', 'Texte et logos', 'sharp readable text and logo edges', 2, 0.9],
  [
    'anime-upscale',
    'Agrandissement anime',
    'clean anime-style upscale with smooth flat colours and crisp lines',
    2,
    0.6,
  ],
  ['night-photo', 'Photo de nuit', 'clean night photo with low noise and preserved lights', 2, 0.3],
  // By purpose
  [
    'old-photo-restore',
    'Restauration de photo ancienne',
    'restored old photograph with repaired scratches and recovered detail',
    2,
    0.5,
  ],
  ['film-grain-preserve', 'Grain préservé', 'enlarged while preserving the original film grain', 2, 0.2],
  ['web-optimized', 'Optimisé web', 'web-ready sharpness at a modest size', 1.5, 0.3],
  ['social-hd', 'Réseaux sociaux HD', 'crisp high-definition finish for social media', 2, 0.5],
  ['print-ready', "Prêt pour l'impression", 'print-ready resolution with crisp detail', 3, 0.6],
  ['large-print', 'Grand format', 'large-format print resolution', 4, 0.7],
  ['wallpaper-4k', "Fond d'écran 4K", '4K wallpaper quality', 2, 0.5, { width: 3840, height: 2160 }],
];

export const UPSCALE_OPTIONS: readonly UpscaleOption[] = ROWS.map(([id, name, prompt, scale, sharpen, size]) => ({
  ...makeOption('upscale', [id, name, prompt]),
  scale,
  sharpen,
  ...(size ? { size } : {}),
}));

/** An upscale is made by the upscaler, never asked of an editor; the studio's text still says it. */
export const UPSCALE_INSTRUCTION: CategoryInstruction = { lead: 'Improve the output quality:', changes: [] };
