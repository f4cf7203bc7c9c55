import { Drawer, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from './layout';

interface StudioSheetProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Width of the desktop modal. */
  size?: string | number;
}

/** A bottom sheet on phones, a centred modal on wide screens. */
export function StudioSheet({ opened, onClose, title, children, size = 'xl' }: StudioSheetProps) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        title={title}
        position="bottom"
        size="80%"
        radius="lg"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
        styles={{
          title: { fontWeight: 700 },
          body: { paddingBottom: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))' },
        }}
      >
        {children}
      </Drawer>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {children}
    </Modal>
  );
}
