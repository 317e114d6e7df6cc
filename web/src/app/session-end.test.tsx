import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/client';
import { getToken, setToken } from '../api/token-storage';
import { account, ada, json, page, stubFetch } from '../test/fake-api';
import { renderRouterAt } from '../test/render-router';

const sessionEnded = 'Your session has ended. Please log in again.';

describe('a stored token the server refuses at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('makes one navigation, to the login with the reason, and the next login comes back', async () => {
    setToken('revoked');
    let loggedIn = false;
    const refusedOrElse = (answer: () => Response) => () =>
      loggedIn ? answer() : json({ detail: 'Invalid token.' }, 401);
    stubFetch({
      '/api/sites': () => json(page([])),
      '/api/users': refusedOrElse(() => json(page([ada]))),
      '/api/accounts': refusedOrElse(() => json(page([account(1, 'Acme')]))),
      '/api/userGroup': refusedOrElse(() => json(page([]))),
      '/api/demo': refusedOrElse(() => json(0)),
      '/auth/login/': () => {
        loggedIn = true;
        return json({ auth_token: 'fresh' });
      },
    });
    const router = renderRouterAt('/shared?sort=name');
    const visited = ['/shared?sort=name'];
    router.subscribe((state) => {
      const place = `${state.location.pathname}${state.location.search}`;
      if (visited.at(-1) !== place) visited.push(place);
    });

    // A polite live region that stays, not a snackbar that goes.
    const message = await screen.findByText(sessionEnded);
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    // Every refused call has answered: still on the login, reached once.
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(visited).toEqual(['/shared?sort=name', '/login']);
    // Nothing of the page left behind covers the login: the loading overlay of /shared
    // stays down (it would rise 150 ms after being asked for).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const overlays = screen.queryAllByRole('status').filter((s) => s.textContent === 'Loading content');
    expect(overlays).toEqual([]);

    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Username', 'ada');
    type('Password', 'Correct-Horse-Battery-9');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shared'));
    expect(router.state.location.search).toBe('?sort=name');
    expect(screen.queryByText(sessionEnded)).toBeNull();
  });
});
