import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** The theme and the last-resort error screen, around the full app and around the landing page alone. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <ErrorBoundary>{children}</ErrorBoundary>
    </MantineProvider>
  );
}
