import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface NoticeProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** Buttons offering the way on. */
  children?: ReactNode;
  /** 1 where the notice is all the page shows: its title is then the page's. */
  titleOrder?: 1 | 3;
}

/** In place of content that is not there (empty list, missing image, visitor): what and where to go. */
export function Notice({ icon, title, description, children, titleOrder = 3 }: NoticeProps) {
  return (
    <EmptyState icon={icon} variant="light" py="xl">
      <EmptyState.Title order={titleOrder}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
