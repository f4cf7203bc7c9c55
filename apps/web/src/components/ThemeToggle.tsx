import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';

/** Keeps the `dark` marker on <html> in step with Mantine's colour scheme. */
export function useDarkMarker(): void {
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    document.documentElement.classList.toggle('dark', scheme === 'dark');
  }, [scheme]);
}

const unchanging = () => () => undefined;

/**
 * True while the landing's markup is rendered at build time (landing-html.tsx) and while React takes
 * it over in the browser; false after, and on a page React draws itself. That markup was drawn
 * without knowing the visitor's theme.
 */
const useHydrating = () =>
  useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  // The prerendered button is the light theme's; React then redraws it for the visitor's own theme.
  const scheme = useHydrating() ? 'light' : computed;
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      onClick={() => setColorScheme(next)}
      aria-label={next === 'dark' ? 'Activer le thème sombre' : 'Activer le thème clair'}
      data-testid="theme-toggle"
    >
      {scheme === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
