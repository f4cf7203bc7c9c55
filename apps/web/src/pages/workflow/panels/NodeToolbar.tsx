import type { WorkflowNodeType } from '@atelier/catalog';
import { Button, FileButton, Group, Paper, Switch } from '@mantine/core';
import { IconPhotoPlus, IconPlus } from '@tabler/icons-react';
import { NODE_ICONS } from '../nodes/node-icons';

/** The toolbar's kinds and labels; phones show the first ones only. */
const TOOLBAR: readonly { type: WorkflowNodeType; label: string; onPhone: boolean }[] = [
  { type: 'clothing', label: 'Vêtements', onPhone: false },
  { type: 'style', label: 'Style', onPhone: true },
  { type: 'character', label: 'Personnage', onPhone: true },
  { type: 'camera', label: 'Angle', onPhone: false },
  { type: 'action', label: 'Action', onPhone: true },
  { type: 'environment', label: 'Environnement', onPhone: false },
];

/** On a narrow screen the toolbar scrolls sideways instead of squeezing its buttons. */
const NO_SHRINK = { flex: 'none' } as const;

interface NodeToolbarProps {
  compact: boolean;
  onPhoto: (file: File) => void;
  /** A photo is on its way to the server: the Image button waits with it. */
  uploading: boolean;
  onAdd: (type: WorkflowNodeType) => void;
  onMore: () => void;
  simpleMode: boolean;
  onSimpleMode: (on: boolean) => void;
}

/** The floating toolbar: a photo, a node of each main kind, any other kind, and the simple mode. */
export function NodeToolbar({
  compact,
  onPhoto,
  uploading,
  onAdd,
  onMore,
  simpleMode,
  onSimpleMode,
}: NodeToolbarProps) {
  const size = compact ? 'compact-sm' : 'sm';
  return (
    <Paper
      className="workflow-floating workflow-toolbar-scroll"
      shadow="md"
      radius="xl"
      p={4}
      withBorder
      role="toolbar"
      aria-label="Ajouter au workflow"
      style={{ top: 10, left: '50%', transform: 'translateX(-50%)', maxWidth: 'calc(100% - 16px)' }}
    >
      <Group gap={2} wrap="nowrap">
        <FileButton accept="image/*" onChange={(file) => file && onPhoto(file)}>
          {(props) => (
            <Button
              {...props}
              variant="subtle"
              color="blue"
              size={size}
              radius="xl"
              loading={uploading}
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              style={NO_SHRINK}
            >
              Image
            </Button>
          )}
        </FileButton>
        {TOOLBAR.filter((item) => !compact || item.onPhone).map(({ type, label }) => {
          const Icon = NODE_ICONS[type];
          return (
            <Button
              key={type}
              variant="subtle"
              color="gray"
              size={size}
              radius="xl"
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => onAdd(type)}
              style={NO_SHRINK}
            >
              {label}
            </Button>
          );
        })}
        <Button
          variant="light"
          size={size}
          radius="xl"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onMore}
          aria-label="Ajouter un nœud"
          style={NO_SHRINK}
        >
          {compact ? 'Plus' : 'Nœud'}
        </Button>
        <Switch
          style={NO_SHRINK}
          ml={6}
          mr={8}
          size="sm"
          color="violet"
          label={compact ? 'Simple' : 'Mode simple'}
          checked={simpleMode}
          onChange={(event) => onSimpleMode(event.currentTarget.checked)}
          styles={{ label: { whiteSpace: 'nowrap', paddingLeft: 6 } }}
        />
      </Group>
    </Paper>
  );
}
