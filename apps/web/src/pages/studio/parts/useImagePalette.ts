import type { Rgb } from '@atelier/catalog';
import { useEffect, useState } from 'react';
import { extractPalette, FALLBACK_PALETTE, isPlaceholderImage, paletteStyle, type PaletteStyle } from './palette';

/** The picture is read at this size at most: plenty for 5 colours, and cheap on a phone. */
const SAMPLE_SIZE = 64;

export interface ImagePalette extends PaletteStyle {
  colors: Rgb[];
}

const FALLBACK: ImagePalette = { colors: [], ...FALLBACK_PALETTE };

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous'; // a picture from elsewhere must allow reading its pixels
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Image non chargée : ${src}`));
    image.src = src;
  });
}

async function paletteOf(src: string): Promise<ImagePalette> {
  const image = await loadImage(src);
  const scale = Math.min(1, SAMPLE_SIZE / Math.max(image.naturalWidth, image.naturalHeight, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Canvas 2D indisponible');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
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
