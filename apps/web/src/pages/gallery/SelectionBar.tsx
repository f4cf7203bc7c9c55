import { Button, Group, Paper, Text, type PaperProps } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { ConfirmPopover } from '../../components/ConfirmPopover';

interface SelectionBarProps extends PaperProps {
  count: number;
  /** Asked before deleting the selected images. */
  deleteQuestion: string;
  onSelectAll: () => void;
  onDownload: () => void;
  /** Called once the user confirmed. */
  onDelete: () => void;
  onCancel: () => void;
}

/** What can be done with the images chosen in selection mode. */
export function SelectionBar({
  count,
  deleteQuestion,
  onSelectAll,
  onDownload,
  onDelete,
  onCancel,
  ...paper
}: SelectionBarProps) {
  return (
    <Paper withBorder radius="lg" p="xs" data-testid="selection-bar" {...paper}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} fz="sm" px={4}>
          {count} sélectionnée(s)
        </Text>
        <Group gap={6}>
          <Button size="xs" variant="default" onClick={onSelectAll}>
            Tout sélectionner
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={count === 0}
            onClick={onDownload}
          >
            Télécharger
          </Button>
          <ConfirmPopover
            question={deleteQuestion}
            onConfirm={onDelete}
            target={(toggle) => (
              <Button
                size="xs"
                color="red.9"
                leftSection={<IconTrash size={14} aria-hidden />}
                disabled={count === 0}
                onClick={toggle}
              >
                Supprimer
              </Button>
            )}
          />
          <Button size="xs" variant="subtle" color="gray" onClick={onCancel}>
            Annuler
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
