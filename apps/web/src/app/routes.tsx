import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { useDarkMarker } from '../components/ThemeToggle';
import { LEGAL_PAGES } from '../lib/places';
import { usePageScrollRules } from './page-rules';

/** Page-scrolling rules and the dark marker, on every navigation. */
function RootLayout() {
  usePageScrollRules(useLocation().pathname);
  useDarkMarker();
  return <Outlet />;
}

/** The landing page inside the app: its links move within the app. */
function RoutedLandingPage({ page: LandingPage }: { page: ComponentType<{ onNavigate: (path: string) => void }> }) {
  const navigate = useNavigate();
  return <LandingPage onNavigate={(path) => void navigate(path)} />;
}

const studio: RouteObject['lazy'] = async () => ({
  Component: (await import('../pages/studio/StudioPage')).StudioPage,
});

const legalPage: RouteObject['lazy'] = async () => ({
  Component: (await import('../pages/legal/LegalPage')).LegalPage,
});

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/landing',
        lazy: async () => {
          const { LandingPage } = await import('../pages/landing/LandingPage');
          return { Component: () => <RoutedLandingPage page={LandingPage} /> };
        },
      },
      {
        lazy: async () => ({ Component: (await import('./DataLayout')).DataLayout }),
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('../pages/home/HomePage')).HomePage }) },
          { path: '/home', lazy: async () => ({ Component: (await import('../pages/home/HomePage')).HomePage }) },
          { path: '/auth', lazy: async () => ({ Component: (await import('../pages/AuthPage')).AuthPage }) },
          {
            path: '/reset-password',
            lazy: async () => ({ Component: (await import('../pages/auth/ResetPasswordPage')).ResetPasswordPage }),
          },
          { path: '/create', lazy: studio },
          { path: '/transform', lazy: studio },
          { path: '/mobile-transform', lazy: studio },
          {
            path: '/gallery',
            lazy: async () => ({ Component: (await import('../pages/gallery/GalleryPage')).GalleryPage }),
          },
          {
            path: '/stitch/:filename?',
            lazy: async () => ({ Component: (await import('../pages/stitch/StitchPage')).StitchPage }),
          },
          {
            path: '/image-library',
            lazy: async () => ({ Component: (await import('../pages/library/ImageLibraryPage')).ImageLibraryPage }),
          },
          { path: '/account', lazy: async () => ({ Component: (await import('../pages/AccountPage')).AccountPage }) },
          {
            path: '/checkout',
            lazy: async () => ({ Component: (await import('../pages/CheckoutPage')).CheckoutPage }),
          },
          {
            path: '/p/:postId',
            lazy: async () => ({ Component: (await import('../pages/PublicPostPage')).PublicPostPage }),
          },
          {
            path: '/workflow',
            lazy: async () => ({ Component: (await import('../pages/workflow/WorkflowPage')).WorkflowPage }),
          },
          { path: '/admin', lazy: async () => ({ Component: (await import('../pages/admin/AdminPage')).AdminPage }) },
          ...LEGAL_PAGES.map(({ path }) => ({ path, lazy: legalPage })),
          { path: '*', lazy: async () => ({ Component: (await import('../pages/NotFoundPage')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
