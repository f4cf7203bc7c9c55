import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface NoticeProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** Buttons offering the way on. */
  children?: ReactNode;
}

/** In place of content that is not there (empty list, missing image, visitor): what and where to go. */
export function Notice({ icon, title, description, children }: NoticeProps) {
  return (
    <EmptyState icon={icon} variant="light" py="xl">
      <EmptyState.Title order={3}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
