import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactElement } from 'react';

interface ConfirmPopoverProps {
  question: string;
  onConfirm: () => void;
  /** The button that opens the question; it gets the function that toggles it. */
  target: (toggle: () => void) => ReactElement;
}

/** Asks before what cannot be undone (a deletion, a revocation): one stray tap must not do it. */
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
