import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
});

/** Saved under `theme` ('light' | 'dark'); with nothing saved the OS preference applies. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
