import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/client';
import { getToken, setToken } from '../api/token-storage';
import { ada, json, page, stubFetch } from '../test/fake-api';
import { renderRouterAt } from '../test/render-router';

const mfaRequired = { ...ada, profile: { mfa_required: true } };

/** The text of every page heading (h1) on screen; a screen has exactly one. */
const pageHeadings = () => screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);

/** The real API's answers for the calls these screens make; `users` decides who is logged in. */
const stubApi = (users: () => Response) =>
  stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': users,
    '/api/accounts': () => json(page([])),
    '/api/extendUsers': () =>
      json(page([{ id: 7, company: '', street: '', number: '', city: '', country: '' }])),
    '/auth/mfa/user-active-methods': () => json(page([])),
  });

describe('the route guards in the router', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('guard 5: a user who must set up a second factor lands on the profile with a warning', async () => {
    setToken('token-of-ada');
    stubApi(() => json(page([mfaRequired])));
    const router = renderRouterAt('/register');

    // The first screen of the file, and the snackbar's code (loaded with its first message), load cold.
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 });
    expect(pageHeadings()).toEqual(['Profile']);
    expect(router.state.location.pathname).toBe('/profile');
    const alerts = await screen.findAllByText(
      'Activeer tweestapsverificatie (multi-factor authenticatie) om verder te gaan.',
    );
    // The snackbar, and the reminder in the Beveiliging section.
    expect(alerts.length).toBe(2);
  });

  it('guard 5 lets the user go elsewhere once a method is active', async () => {
    setToken('token-of-ada');
    stubApi(() => json(page([{ ...mfaRequired, mfa: [{ name: 'app', is_primary: true }] }])));
    const router = renderRouterAt('/register');

    await screen.findByRole('heading', { level: 1, name: 'Register' });
    expect(pageHeadings()).toEqual(['Register']);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('guard 6: the profile while logged out goes home, to the login form', async () => {
    stubApi(() => json({ detail: 'Authentication credentials were not provided.' }, 401));
    const router = renderRouterAt('/profile');

    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login.closest('form')).toBe(screen.getByLabelText('Username').closest('form'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Profile' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a 401 to the stored token ends the session and opens the login', async () => {
    setToken('revoked-token');
    stubApi(() => json({ detail: 'Invalid token.' }, 401));
    const router = renderRouterAt('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login.closest('form')).toBe(screen.getByLabelText('Username').closest('form'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Profile' })).toBeNull();
  });
});
