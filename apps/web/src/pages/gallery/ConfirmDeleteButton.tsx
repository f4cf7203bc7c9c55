import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';

interface ConfirmDeleteButtonProps {
  /** The button's accessible name. */
  label: string;
  question: string;
  onConfirm: () => void;
  loading: boolean;
}

/** A bin icon that asks before deleting: one stray tap must not lose a creation. */
export function ConfirmDeleteButton({ label, question, onConfirm, loading }: ConfirmDeleteButtonProps) {
  const [opened, { close, toggle }] = useDisclosure(false);
  return (
    <Popover opened={opened} onDismiss={close} position="top" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon variant="default" size={26} aria-label={label} onClick={toggle} loading={loading}>
          <IconTrash size={15} color="var(--mantine-color-red-6)" aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fz="sm">{question}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={close}>
              Annuler
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              Confirmer
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
