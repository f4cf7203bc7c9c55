import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
 * The landing page on its own, without the router, the data clients or the other pages, so a first
 * visit downloads only what it shows. Its first link followed loads the full app on that path;
 * the browser's back button then finds /landing inside it.
 */
export function mountApp(container: HTMLElement, onFatal: (error: unknown) => void): void {
  const root = createRoot(container, { onUncaughtError: onFatal });
  const openInApp = (path: string) => {
    window.history.pushState(null, '', path);
    window.scrollTo(0, 0);
    root.unmount();
    import('./mount').then((app) => app.mountApp(container, onFatal), onFatal);
  };
  root.render(
    <StrictMode>
      <Providers>
        <StandaloneLanding onNavigate={openInApp} />
      </Providers>
    </StrictMode>,
  );
}
