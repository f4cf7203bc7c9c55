import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { AppFooter } from '../components/AppFooter';
import { createClients, trpc } from '../lib/trpc';
import { FULL_SCREEN_ROUTES } from './page-rules';

// One cache for the whole visit, kept when the layout is left for the landing page and back.
const { queryClient, trpcClient } = createClients();

/**
 * Every route that talks to the server sits under this layout: the tRPC and query clients and the
 * toast slot load with the first of them, so the landing page downloads none of it.
 */
export function DataLayout() {
  const { pathname } = useLocation();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Notifications limit={1} autoClose={5000} position="bottom-right" containerWidth={420} />
        <Outlet />
        {/* The studio and the editor fill the screen: their menus hold the legal pages instead. */}
        {!FULL_SCREEN_ROUTES.has(pathname) && <AppFooter />}
      </QueryClientProvider>
    </trpc.Provider>
  );
}
