import { Button, Menu, Text } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconFileExport,
  IconFileImport,
  IconFilePlus,
  IconFolderOpen,
  IconPencil,
  IconTopologyStar3,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';

interface WorkflowMenuProps {
  name: string;
  compact: boolean;
  mindMap: boolean;
  saved: boolean;
  onRename: () => void;
  onNew: () => void;
  onOpen: () => void;
  onReferences: () => void;
  onMindMap: (on: boolean) => void;
  onExport: () => void;
  onImport: () => void;
  onDelete: () => void;
}

/** The workflow's name, and what can be done with it. */
export function WorkflowMenu({
  name,
  compact,
  mindMap,
  saved,
  onRename,
  onNew,
  onOpen,
  onReferences,
  onMindMap,
  onExport,
  onImport,
  onDelete,
}: WorkflowMenuProps) {
  return (
    <Menu position="bottom-start" shadow="md" width={250}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          radius="xl"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          maw={compact ? 112 : 280}
          px={compact ? 'xs' : undefined}
          data-testid="workflow-menu"
          title={name}
        >
          <Text span inherit truncate="end">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Workflow</Menu.Label>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onRename}>
          Renommer
        </Menu.Item>
        <Menu.Item leftSection={<IconFilePlus size={16} aria-hidden />} onClick={onNew}>
          Nouveau workflow
        </Menu.Item>
        <Menu.Item leftSection={<IconFolderOpen size={16} aria-hidden />} onClick={onOpen}>
          Mes workflows
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUsersGroup size={16} aria-hidden />} onClick={onReferences}>
          Images de Référence
        </Menu.Item>
        <Menu.Item
          leftSection={<IconTopologyStar3 size={16} aria-hidden />}
          rightSection={mindMap ? <IconCheck size={16} aria-label="activée" /> : null}
          onClick={() => onMindMap(!mindMap)}
        >
          Connexion automatique
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconFileExport size={16} aria-hidden />} onClick={onExport}>
          Exporter en JSON
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} aria-hidden />} onClick={onImport}>
          Importer un JSON
        </Menu.Item>
        {saved && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              Supprimer ce workflow
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
