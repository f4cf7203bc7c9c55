import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { AccountMenu } from './AccountMenu';
import { BrandTitle } from './BrandTitle';
import { ThemeToggle } from './ThemeToggle';

/** The sticky bar shared by the app's pages: brand, page actions, theme and account. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <Paper
      component="header"
      pos="sticky"
      top={0}
      radius={0}
      px="md"
      py="xs"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" maw={1200} mx="auto">
        <BrandTitle />
        <Group gap="xs" wrap="nowrap">
          {children}
          <ThemeToggle />
          <AccountMenu />
        </Group>
      </Group>
    </Paper>
  );
}
