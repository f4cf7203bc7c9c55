import { notifications } from '@mantine/notifications';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One toast slot: a new toast replaces the one on screen. */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  notifications.clean();
  notifications.show({
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'violet',
    withBorder: true,
  });
}
