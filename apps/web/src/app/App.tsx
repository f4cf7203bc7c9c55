import { MantineProvider } from '@mantine/core';
// The DOM build of the provider: it lets the router flush updates synchronously with react-dom.
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { router } from './routes';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </MantineProvider>
  );
}
