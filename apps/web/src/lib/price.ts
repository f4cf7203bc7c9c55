import type { Selection } from '@atelier/catalog';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from './trpc';

interface PixelSize {
  width: number;
  height: number;
}

/** A picture's size in pixels once it has loaded; null before, or without a picture. */
function useImageSize(src: string | null): PixelSize | null {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (src === null) return;
    let current = true;
    const image = new Image();
    image.onload = () => {
      if (current) setSize({ src, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.src = src;
    return () => {
      current = false;
    };
  }, [src]);
  return size && size.src === src ? size : null;
}

/**
 * What a generation from the picture at `src` will cost, in credits, as the server will charge
 * it (`transform.quote`): an image with these options or words, or a clip. Null until known.
 */
export function useGenerationPrice({
  kind,
  src,
  style = '',
  selection = {},
}: {
  kind: 'image' | 'video';
  src: string | null;
  style?: string;
  selection?: Selection;
}): number | null {
  const size = useImageSize(src);
  const quote = trpc.transform.quote.useQuery(
    { kind, width: size?.width ?? 1, height: size?.height ?? 1, style, selection },
    { enabled: size !== null && size.width > 0, placeholderData: keepPreviousData, staleTime: 60_000 },
  );
  return quote.data?.credits ?? null;
}
