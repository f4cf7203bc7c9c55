import { Box, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CompareSlider, type CompareSliderProps } from './CompareSlider';

/** Header and controls of a full-screen viewer, kept clear of the picture. */
const VIEWER_CHROME_HEIGHT = 150;
/** A picture whose size cannot be read is framed as a common photo. */
const FALLBACK_SIZE = { width: 4, height: 3 };

/** The intrinsic size of a picture, once it has loaded (or failed to). */
function useNaturalSize(src: string) {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    const image = new Image();
    image.onload = () =>
      setSize({
        src,
        width: image.naturalWidth || FALLBACK_SIZE.width,
        height: image.naturalHeight || FALLBACK_SIZE.height,
      });
    image.onerror = () => setSize({ src, ...FALLBACK_SIZE });
    image.src = src;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);
  return size?.src === src ? size : null;
}

/** A before/after slider as large as a full-screen viewer allows, in the shape of the "after" picture. */
export function FittedCompare(props: Omit<CompareSliderProps, 'width' | 'height' | 'priority'>) {
  const size = useNaturalSize(props.after.src);
  if (!size) return <Loader color="white" />;
  return (
    <Box w={`min(100%, calc((100dvh - ${VIEWER_CHROME_HEIGHT}px) * ${size.width / size.height}))`}>
      <CompareSlider {...props} width={size.width} height={size.height} priority />
    </Box>
  );
}
