import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { ReactElement } from 'react';

interface ConfirmPopoverProps {
  question: string;
  onConfirm: () => void;
  /** The button that opens the question; it gets the function that toggles it. */
  target: (toggle: () => void) => ReactElement;
}

/** Asks before a deletion: one stray tap must not lose a creation. */
export function ConfirmPopover({ question, onConfirm, target }: ConfirmPopoverProps) {
  const [opened, { close, toggle }] = useDisclosure(false);
  return (
    <Popover opened={opened} onDismiss={close} position="top" withArrow shadow="md" trapFocus width={260}>
      <Popover.Target>{target(toggle)}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fz="sm">{question}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={close}>
              Annuler
            </Button>
            <Button
              size="xs"
              // Red 9: white text on Mantine's red 6 reads at 3.3:1, under the 4.5:1 small text needs.
              color="red.9"
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

interface ConfirmDeleteButtonProps {
  /** The button's accessible name. */
  label: string;
  question: string;
  onConfirm: () => void;
  loading: boolean;
}

/** A bin icon that asks before deleting. */
export function ConfirmDeleteButton({ label, question, onConfirm, loading }: ConfirmDeleteButtonProps) {
  return (
    <ConfirmPopover
      question={question}
      onConfirm={onConfirm}
      target={(toggle) => (
        <ActionIcon
          variant="default"
          size={26}
          aria-label={label}
          onClick={toggle}
          loading={loading}
          className="gallery-card-action"
        >
          <IconTrash size={15} color="var(--mantine-color-red-6)" aria-hidden />
        </ActionIcon>
      )}
    />
  );
}
