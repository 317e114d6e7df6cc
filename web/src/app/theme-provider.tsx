import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme, themeStorageKey } from './theme';

/** The app's theme, its colour scheme from the visitor's choice or the system's (app.tsx, and the prerender). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={themeStorageKey}
      disableTransitionOnChange
    >
      {children}
    </ThemeProvider>
  );
}
