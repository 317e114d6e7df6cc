import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../app/theme';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';

/** Renders with the app's providers, a fresh query cache and no retries. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider>{ui}</SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
