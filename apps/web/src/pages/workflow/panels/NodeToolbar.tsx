import type { WorkflowNodeType } from '@atelier/catalog';
import { ActionIcon, Button, FileButton, Group, Paper, Switch } from '@mantine/core';
import { IconPhotoPlus, IconPlus, type Icon } from '@tabler/icons-react';
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

interface ToolbarButtonProps {
  compact: boolean;
  icon: Icon;
  label: string;
  variant: 'subtle' | 'light';
  color?: string;
  loading?: boolean;
  onClick: () => void;
  'aria-label'?: string;
}

/** A button of the toolbar: its icon and label, or on a phone its icon alone, so the toolbar fits the width. */
function ToolbarButton({ compact, icon: Icon, label, 'aria-label': ariaLabel, ...props }: ToolbarButtonProps) {
  if (compact)
    return (
      <ActionIcon
        {...props}
        size="lg"
        radius="xl"
        aria-label={ariaLabel ?? label}
        title={ariaLabel ?? label}
        style={NO_SHRINK}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    );
  return (
    <Button
      {...props}
      size="sm"
      radius="xl"
      leftSection={<Icon size={16} aria-hidden />}
      aria-label={ariaLabel}
      style={NO_SHRINK}
    >
      {label}
    </Button>
  );
}

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
            <ToolbarButton
              {...props}
              compact={compact}
              variant="subtle"
              color="blue"
              loading={uploading}
              icon={IconPhotoPlus}
              label="Image"
            />
          )}
        </FileButton>
        {TOOLBAR.filter((item) => !compact || item.onPhone).map(({ type, label }) => (
          <ToolbarButton
            key={type}
            compact={compact}
            variant="subtle"
            color="gray"
            icon={NODE_ICONS[type]}
            label={label}
            onClick={() => onAdd(type)}
          />
        ))}
        <ToolbarButton
          compact={compact}
          variant="light"
          icon={IconPlus}
          label="Nœud"
          aria-label="Ajouter un nœud"
          onClick={onMore}
        />
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
