import { Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { formatCredits } from '../../../lib/format';
import { RENDER_COUNT } from '../model/constants';

const COUNTS = Array.from({ length: RENDER_COUNT.max - RENDER_COUNT.min + 1 }, (_, index) =>
  String(RENDER_COUNT.min + index),
);
export const RUN_BAR_HEIGHT = 64;

interface RunBarProps {
  renderCount: number;
  /** One render's price, in credits. */
  renderPrice: number;
  onRenderCount: (count: number) => void;
  onRun: () => void;
  running: boolean;
  compact: boolean;
}

/** The bottom bar: how many renders (1 to 4, each at its price) and 'Exécuter le Workflow'. */
export function RunBar({ renderCount, renderPrice, onRenderCount, onRun, running, compact }: RunBarProps) {
  return (
    <Paper
      className="workflow-floating"
      shadow="lg"
      radius={compact ? 0 : 'xl'}
      p={8}
      withBorder
      style={
        compact
          ? { left: 0, right: 0, bottom: 0, borderWidth: '1px 0 0' }
          : { left: '50%', bottom: 14, transform: 'translateX(-50%)' }
      }
    >
      <Group gap="sm" wrap="nowrap" justify="center">
        <Group gap={6} wrap="nowrap">
          {!compact && (
            <Text fz="sm" fw={600}>
              Rendus
            </Text>
          )}
          <SegmentedControl
            size="sm"
            radius="xl"
            data={COUNTS}
            value={String(renderCount)}
            onChange={(value) => onRenderCount(Number(value))}
            aria-label="Nombre de rendus"
            disabled={running}
          />
        </Group>
        <Button
          radius="xl"
          size={compact ? 'sm' : 'md'}
          variant="gradient"
          gradient={{ from: 'violet', to: 'pink' }}
          leftSection={<IconPlayerPlay size={18} aria-hidden />}
          loading={running}
          onClick={onRun}
          style={{ flex: compact ? 1 : 'none' }}
        >
          Exécuter le Workflow
        </Button>
        {!compact && (
          <Text fz="xs" c="dimmed" w={70}>
            {formatCredits(renderCount * renderPrice)} crédits
          </Text>
        )}
      </Group>
    </Paper>
  );
}
