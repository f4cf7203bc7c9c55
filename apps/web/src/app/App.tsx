import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createClients, trpc } from '../lib/trpc';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { router } from './routes';
import { colorSchemeManager, theme } from './theme';

export function App() {
  const [{ queryClient, trpcClient }] = useState(createClients);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <Notifications limit={1} autoClose={5000} position="bottom-right" containerWidth={420} />
      <ErrorBoundary>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </trpc.Provider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
