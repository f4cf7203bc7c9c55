import { renderToString } from 'react-dom/server';
import { LandingApp } from './mount-landing';

/**
 * The landing page's markup, rendered at build time from the page's own components for
 * landing.html (vite.config.ts), so the page paints before its JavaScript has run. It is drawn as
 * for a visitor the page knows nothing about yet (signed out, the local engine, not a phone): what
 * differs for this visitor settles once the browser has taken the markup over (mount-landing.tsx).
 */
export function renderLandingHtml(): string {
  return renderToString(
    <LandingApp
      onNavigate={() => {
        /* nothing is clicked at build time */
      }}
    />,
  );
}
