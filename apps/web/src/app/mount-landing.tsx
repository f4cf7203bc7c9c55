import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useDarkMarker } from '../components/ThemeToggle';
import { LandingPage } from '../pages/landing/LandingPage';
import { usePageScrollRules } from './page-rules';
import { Providers } from './Providers';

function StandaloneLanding({ onNavigate }: { onNavigate: (path: string) => void }) {
  usePageScrollRules('/landing');
  useDarkMarker();
  return <LandingPage onNavigate={onNavigate} />;
}

/**
 * The landing page's whole tree, as the browser draws it and as the build prerenders it into
 * landing.html (landing-html.tsx): hydration needs the two to be the same. The page sits in a
 * Suspense boundary, which React takes over at a low priority and in slices that let the browser
 * breathe, not in one long task (a click on it still takes it over at once).
 */
export function LandingApp({ onNavigate }: { onNavigate: (path: string) => void }) {
  return (
    <StrictMode>
      <Providers>
        <Suspense>
          <StandaloneLanding onNavigate={onNavigate} />
        </Suspense>
      </Providers>
    </StrictMode>
  );
}

/**
 * The landing page on its own, without the router, the data clients or the other pages, so a first
 * visit downloads only what it shows. landing.html already holds its markup, which React takes over
 * (hydrates) instead of drawing it again; index.html (the dev server's page) holds only the loading
 * screen. Its first link followed loads the full app on that path; the browser's back button then
 * finds /landing inside it.
 */
export function mountApp(container: HTMLElement, onFatal: (error: unknown) => void): void {
  const openInApp = (path: string) => {
    window.history.pushState(null, '', path);
    window.scrollTo(0, 0);
    root.unmount();
    import('./mount').then((app) => app.mountApp(container, onFatal), onFatal);
  };
  const app = <LandingApp onNavigate={openInApp} />;
  const prerendered = !document.getElementById('app-loading');
  const root = prerendered
    ? hydrateRoot(container, app, { onUncaughtError: onFatal })
    : createRoot(container, { onUncaughtError: onFatal });
  if (!prerendered) root.render(app);
}
