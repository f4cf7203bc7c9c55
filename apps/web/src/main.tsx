import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import type * as AppMount from './app/mount';

const FADE_IN_DELAY_MS = 100;
const VISIBILITY_CHECK_MS = 2000;

function fail(title: string, error?: unknown): void {
  const detail = error instanceof Error ? error.message : undefined;
  window.__atelierFail?.(title, detail);
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) {
    fail('Élément root manquant');
    return;
  }
  let mount: typeof AppMount;
  try {
    // The landing page, where most first visits start, loads alone (see mountLanding).
    mount = window.location.pathname === '/landing' ? await import('./app/mount-landing') : await import('./app/mount');
  } catch (error) {
    fail('Erreur de chargement React', error);
    return;
  }
  mount.mountApp(container, (error) => fail('Erreur critique', error));
  window.__atelierStarted = true;
  setTimeout(() => container.classList.add('app-visible'), FADE_IN_DELAY_MS);
  setTimeout(() => {
    const visible = container.childElementCount > 0 && container.getBoundingClientRect().height > 0;
    console.info(visible ? 'Atelier: contenu affiché' : 'Atelier: aucun contenu visible après 2 s');
  }, VISIBILITY_CHECK_MS);
}

void start();
