import { ActionIcon, Paper, Stack, Text, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import {
  IconFocusCentered,
  IconLayoutGrid,
  IconMoon,
  IconSun,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { useViewport } from '@xyflow/react';
import type { ReactNode } from 'react';
import { zoomPercent } from '../model/viewport';

function Control({
  label,
  onClick,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip label={label} position="left">
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onClick} aria-label={label} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

interface CanvasControlsProps {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetZoom: () => void;
  onRearrange: () => void;
  onCenter: () => void;
  /** Distance from the bottom of the canvas (room for the run bar on phones). */
  bottom: number;
}

/** Bottom right: zoom in and out, 100 %, re-arrange, centre, and the app's dark mode. */
export function CanvasControls({
  onZoomIn,
  onZoomOut,
  onResetZoom,
  onRearrange,
  onCenter,
  bottom,
}: CanvasControlsProps) {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <Paper className="workflow-floating" shadow="md" radius="lg" p={2} withBorder style={{ right: 12, bottom }}>
      <Stack gap={0}>
        <Control label="Zoom avant" onClick={onZoomIn}>
          <IconZoomIn size={18} aria-hidden />
        </Control>
        <Control label="Zoom arrière" onClick={onZoomOut}>
          <IconZoomOut size={18} aria-hidden />
        </Control>
        <Control label="Réinitialiser le zoom" onClick={onResetZoom}>
          <IconZoomReset size={18} aria-hidden />
        </Control>
        <Control label="Réorganiser la grille" onClick={onRearrange} testId="rearrange">
          <IconLayoutGrid size={18} aria-hidden />
        </Control>
        <Control label="Centrer la vue (F)" onClick={onCenter}>
          <IconFocusCentered size={18} aria-hidden />
        </Control>
        <Control
          label={dark ? 'Activer le thème clair' : 'Activer le thème sombre'}
          onClick={() => setColorScheme(dark ? 'light' : 'dark')}
          testId="workflow-theme-toggle"
        >
          {dark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
        </Control>
      </Stack>
    </Paper>
  );
}

/** Bottom left: the zoom level. */
export function ZoomIndicator({ bottom }: { bottom: number }) {
  const { zoom } = useViewport();
  return (
    <Paper className="workflow-floating" shadow="sm" radius="xl" px="sm" py={4} withBorder style={{ left: 12, bottom }}>
      <Text fz="xs" fw={700} data-testid="zoom-level" aria-label="Niveau de zoom">
        {zoomPercent(zoom)}
      </Text>
    </Paper>
  );
}
