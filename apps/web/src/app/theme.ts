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
 * Mantine's dimmed text (gray 6, #868e96) is 3.3:1 on white, under the 4.5:1 that small text needs:
 * one shade darker in the light theme (7.4:1), one lighter in the dark theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] },
  dark: { '--mantine-color-dimmed': current.colors.dark[1] },
});

/** Saved under `theme` ('light' | 'dark'); with nothing saved the OS preference applies. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
