import type { Rgb } from '@atelier/catalog';
import { useEffect, useState } from 'react';
import { drawnSmall } from '../../../lib/image-files';
import { extractPalette, FALLBACK_PALETTE, isPlaceholderImage, paletteStyle, type PaletteStyle } from './palette';

/** The picture is read at this size at most: plenty for 5 colours, and cheap on a phone. */
const SAMPLE_SIZE = 64;

export interface ImagePalette extends PaletteStyle {
  colors: Rgb[];
}

const FALLBACK: ImagePalette = { colors: [], ...FALLBACK_PALETTE };

async function paletteOf(src: string): Promise<ImagePalette> {
  const canvas = await drawnSmall(src, SAMPLE_SIZE, { willReadFrequently: true });
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const colors = extractPalette(context.getImageData(0, 0, canvas.width, canvas.height).data);
  return colors.length === 0 ? FALLBACK : { colors, ...paletteStyle(colors) };
}

/**
 * The current picture's 5 dominant colours, a gradient through them and a text colour that reads
 * on it. Placeholders keep the palette as it was; a picture that cannot be read gives the fallback.
 */
export function useImagePalette(src: string | null): ImagePalette {
  const [palette, setPalette] = useState<ImagePalette>(FALLBACK);
  useEffect(() => {
    if (src === null || isPlaceholderImage(src)) return;
    let current = true;
    paletteOf(src).then(
      (next) => current && setPalette(next),
      (error: unknown) => {
        console.warn('Extraction des couleurs impossible', error);
        if (current) setPalette(FALLBACK);
      },
    );
    return () => {
      current = false;
    };
  }, [src]);
  return palette;
}
