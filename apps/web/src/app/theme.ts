import { createTheme, localStorageColorSchemeManager, Notification, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    // A toast's text under its title is Mantine's gray 6 (3.3:1 on white): the readable dimmed instead.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-dimmed)' } } }),
  },
});

/**
 * Contrast of small text (4.5:1). Mantine's dimmed text (gray 6, #868e96) is 3.3:1 on white, under the 4.5:1 that small text needs:
 * one shade darker in the light theme (7.4:1), one lighter in the dark theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] },
  // Links (violet 4 by default) are too dark on the dark theme's background.
  dark: { '--mantine-color-dimmed': current.colors.dark[1], '--mantine-color-anchor': current.colors.violet[3] },
});

/** Saved under `theme` ('light' | 'dark'); with nothing saved the OS preference applies. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
