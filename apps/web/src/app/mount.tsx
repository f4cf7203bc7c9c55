import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

export function mountApp(container: HTMLElement, onFatal: (error: unknown) => void): void {
  createRoot(container, { onUncaughtError: onFatal }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
