import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { COMPARE_START_POSITION } from '../../../components/CompareSlider';
import { FittedCompare } from '../../../components/FittedCompare';
import { MediaViewer } from '../../../components/MediaViewer';
import './parts.css';

interface CompareOverlayProps {
  opened: boolean;
  before: string | null;
  after: string | null;
  onClose: () => void;
}

/** Full-screen before/after: drag the divider on the picture or use the range under it (0 to 100). */
export function CompareOverlay({ opened, before, after, onClose }: CompareOverlayProps) {
  const [position, setPosition] = useState(COMPARE_START_POSITION);
  const close = () => {
    setPosition(COMPARE_START_POSITION);
    onClose();
  };

  return (
    <MediaViewer opened={opened} onClose={close} title="Comparaison avant / après">
      {before && after && (
        <Stack align="center" justify="center" gap="md" w="100%" h="100%">
          <FittedCompare
            before={{ src: before, alt: "Image d'origine" }}
            after={{ src: after, alt: 'Image transformée' }}
            value={position}
            onChange={setPosition}
          />
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
