import { useEffect } from 'react';
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { useDarkMarker } from '../components/ThemeToggle';

const NO_SCROLL_ROUTES = new Set(['/create', '/transform', '/mobile-transform']);
const IOS = /iPhone|iPad|iPod/;

/** Page-scrolling rules of the route table, applied on every navigation. */
function RootLayout() {
  const { pathname } = useLocation();
  useDarkMarker();
  useEffect(() => {
    const studio = NO_SCROLL_ROUTES.has(pathname);
    const ios = IOS.test(navigator.userAgent);
    document.body.classList.toggle('no-scroll', studio);
    document.body.classList.toggle('ios-scroll', ios && !studio);
    const viewport = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (viewport && ios) {
      viewport.content = studio
        ? 'width=device-width, initial-scale=1.0, viewport-fit=cover'
        : 'width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no, viewport-fit=cover';
    }
  }, [pathname]);
  return <Outlet />;
}

const studio: RouteObject['lazy'] = async () => ({ Component: (await import('../pages/studio/StudioPage')).StudioPage });

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/landing', lazy: async () => ({ Component: (await import('../pages/landing/LandingPage')).LandingPage }) },
      {
        lazy: async () => ({ Component: (await import('./DataLayout')).DataLayout }),
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('../pages/home/HomePage')).HomePage }) },
          { path: '/home', lazy: async () => ({ Component: (await import('../pages/home/HomePage')).HomePage }) },
          { path: '/auth', lazy: async () => ({ Component: (await import('../pages/AuthPage')).AuthPage }) },
          { path: '/reset-password', lazy: async () => ({ Component: (await import('../pages/auth/ResetPasswordPage')).ResetPasswordPage }) },
          { path: '/create', lazy: studio },
          { path: '/transform', lazy: studio },
          { path: '/mobile-transform', lazy: studio },
          { path: '/gallery', lazy: async () => ({ Component: (await import('../pages/gallery/GalleryPage')).GalleryPage }) },
          { path: '/stitch/:filename?', lazy: async () => ({ Component: (await import('../pages/stitch/StitchPage')).StitchPage }) },
          { path: '/image-library', lazy: async () => ({ Component: (await import('../pages/library/ImageLibraryPage')).ImageLibraryPage }) },
          { path: '/account', lazy: async () => ({ Component: (await import('../pages/AccountPage')).AccountPage }) },
          { path: '/checkout', lazy: async () => ({ Component: (await import('../pages/CheckoutPage')).CheckoutPage }) },
          { path: '/p/:postId', lazy: async () => ({ Component: (await import('../pages/PublicPostPage')).PublicPostPage }) },
          { path: '/workflow', lazy: async () => ({ Component: (await import('../pages/workflow/WorkflowPage')).WorkflowPage }) },
          { path: '*', lazy: async () => ({ Component: (await import('../pages/NotFoundPage')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
