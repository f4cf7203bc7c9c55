import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A button in the toast (an "Annuler" that takes the action back), shown until the toast closes. */
  action?: { label: string; onClick: () => void };
  /** How long it stays, in milliseconds (Mantine's default otherwise). */
  durationMs?: number;
}

/** One toast slot: a new toast replaces the one on screen. */
export function toast({ title, description, variant = 'default', action, durationMs }: ToastInput): void {
  notifications.clean();
  notifications.show({
    title,
    message: action ? (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm">{description ?? ''}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.clean();
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ) : (
      (description ?? '')
    ),
    color: variant === 'destructive' ? 'red' : 'violet',
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Fermer la notification' },
    ...(durationMs === undefined ? {} : { autoClose: durationMs }),
  });
}

/** Takes every toast away: what they said no longer holds (the user signed out, say). */
export function clearToasts(): void {
  notifications.clean();
}
