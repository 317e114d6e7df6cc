import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { createRoutes } from '../app/router';
import { theme } from '../app/theme';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { handleUnauthorized } from '../features/auth';

/** The whole app (route table, guards, shell) at `path`, on a fresh query cache; answers its router. */
export function renderRouterAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  setUnauthorizedHandler(
    () =>
      void handleUnauthorized(
        queryClient,
        (to, options) => router.navigate(to, options),
        () => router.state.navigation.location ?? router.state.location,
      ),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}
