import { Box, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CompareSlider } from '../../../components/CompareSlider';
import { MediaViewer } from '../../../components/MediaViewer';
import './parts.css';

const START_POSITION = 50;
/** Until the picture's own size is known: the frame keeps a common photo shape. */
const DEFAULT_SIZE = { width: 4, height: 3 };
/** Header and range row of the overlay, kept clear of the picture. */
const CHROME_HEIGHT = 150;

/** The intrinsic size of a picture, read once it loads. */
function useNaturalSize(src: string | null) {
  const [size, setSize] = useState<{ src: string | null; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.onload = () => setSize({ src, width: image.naturalWidth, height: image.naturalHeight });
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);
  return size && size.src === src && size.width > 0 ? size : DEFAULT_SIZE;
}

interface CompareOverlayProps {
  opened: boolean;
  before: string | null;
  after: string | null;
  onClose: () => void;
}

/** Full-screen before/after: drag the divider on the picture or use the range under it (0 to 100). */
export function CompareOverlay({ opened, before, after, onClose }: CompareOverlayProps) {
  const [position, setPosition] = useState(START_POSITION);
  const { width, height } = useNaturalSize(after);
  const close = () => {
    setPosition(START_POSITION);
    onClose();
  };

  return (
    <MediaViewer opened={opened} onClose={close} title="Comparaison avant / après">
      {before && after && (
        <Stack align="center" justify="center" gap="md" w="100%" h="100%">
          <Box w={`min(100%, calc((100dvh - ${CHROME_HEIGHT}px) * ${width / height}))`}>
            <CompareSlider
              before={{ src: before, alt: "Image d'origine" }}
              after={{ src: after, alt: 'Image transformée' }}
              width={width}
              height={height}
              priority
              value={position}
              onChange={setPosition}
            />
          </Box>
          <Group gap="sm" w="100%" maw={420} wrap="nowrap" c="white">
            <Text fz="sm" fw={600}>
              Avant
            </Text>
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={Math.round(position)}
              onChange={(event) => setPosition(Number(event.currentTarget.value))}
              aria-label="Position du comparateur"
              className="studio-compare-range"
            />
            <Text fz="sm" fw={600}>
              Après
            </Text>
          </Group>
        </Stack>
      )}
    </MediaViewer>
  );
}
