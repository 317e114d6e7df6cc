import type { AuthUser } from '@geows/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/client';
import { getToken, setToken } from '../api/token-storage';
import { handleUnauthorized } from '../features/auth';
import { createRoutes } from './router';
import { SnackbarProvider } from './snackbar/snackbar-provider';
import { theme } from './theme';

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ada: AuthUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.org',
  date_joined: '2025-01-01T10:00:00.000Z',
  last_login: null,
  profile: { mfa_required: true },
  mfa: [],
};

/** The real API's answers for the calls these screens make; `users` decides who is logged in. */
function stubApi(users: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/sites') return json(page([]));
    if (url.pathname === '/api/users') return users();
    if (url.pathname === '/api/extendUsers')
      return json(page([{ id: 7, company: '', street: '', number: '', city: '', country: '' }]));
    if (url.pathname === '/auth/mfa/user-active-methods') return json(page([]));
    return json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  setUnauthorizedHandler(
    () => void handleUnauthorized(queryClient, (to, options) => router.navigate(to, options)),
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

describe('the route guards in the router', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('guard 5: a user who must set up a second factor lands on the profile with a warning', async () => {
    setToken('token-of-ada');
    stubApi(() => json(page([ada])));
    const router = renderAt('/register');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    const alerts = await screen.findAllByText(
      'Activeer tweestapsverificatie (multi-factor authenticatie) om verder te gaan.',
    );
    // The snackbar, and the reminder in the Beveiliging section.
    expect(alerts.length).toBe(2);
  });

  it('guard 5 lets the user go elsewhere once a method is active', async () => {
    setToken('token-of-ada');
    stubApi(() => json(page([{ ...ada, mfa: [{ name: 'app', is_primary: true }] }])));
    const router = renderAt('/register');

    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('guard 6: the profile while logged out goes home, to the login form', async () => {
    stubApi(() => json({ detail: 'Authentication credentials were not provided.' }, 401));
    const router = renderAt('/profile');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a 401 to the stored token ends the session and opens the login', async () => {
    setToken('revoked-token');
    stubApi(() => json({ detail: 'Invalid token.' }, 401));
    const router = renderAt('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});
