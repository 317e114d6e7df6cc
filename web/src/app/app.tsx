import CssBaseline from '@mui/material/CssBaseline';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { AppThemeProvider } from './theme-provider';

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <CssBaseline enableColorScheme />
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
