import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../api/client';
import { setToken } from '../../api/token-storage';
import { account, ada, json, page, requestsOf, stubFetch, workspace } from '../../test/fake-api';
import { renderRouterAt } from '../../test/render-router';
import { guardLoader } from './guard-loader';

const north = account(1, 'North');
const harbour = workspace(5, 'Harbour', north.id);

/** An answer held back until the test lets it go. */
function heldAnswer(answer: () => Response) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answerWhenReleased = async () => {
    await released;
    return answer();
  };
  return { answer: answerWhenReleased, release };
}

describe("an account page's calls", () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it("asks for guard 5's user beside guard 1's accounts, and still decides in the guards' order", async () => {
    const accounts = heldAnswer(() => json(page([north])));
    const user = heldAnswer(() => json(page([{ ...ada, profile: { mfa_required: true } }])));
    const fetchMock = stubFetch({ '/api/accounts': accounts.answer, '/api/users': user.answer });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const request = new Request('http://localhost/account/north');
    const loading = Promise.resolve(
      guardLoader(queryClient, 'account', 'account')({ request, params: {} } as LoaderFunctionArgs),
    ).catch((redirect: unknown) => redirect);

    await waitFor(() =>
      expect(
        requestsOf(fetchMock)
          .map(({ path }) => path)
          .sort(),
      ).toEqual(['/api/accounts', '/api/users']),
    );
    user.release();
    accounts.release();
    const redirect = await loading;
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('Location')).toBe('/profile');
    expect(requestsOf(fetchMock)).toHaveLength(2);
  });

  it('asks for the workspaces as soon as the accounts name the page, before the user has answered', async () => {
    const accounts = heldAnswer(() => json(page([north])));
    const user = heldAnswer(() => json(page([ada])));
    const fetchMock = stubFetch({
      '/api/sites': () => json(page([])),
      '/api/accounts': accounts.answer,
      '/api/users': user.answer,
      '/api/workspaces': () => json(page([harbour])),
      '/api/accounts/1/events': () => json(page([])),
    });
    renderRouterAt('/account/north');
    const asked = () => requestsOf(fetchMock).map(({ path }) => path);

    await waitFor(() => expect(asked()).toContain('/api/accounts'));
    expect(asked()).not.toContain('/api/workspaces');
    accounts.release();
    await waitFor(() => expect(asked()).toContain('/api/workspaces'), { timeout: 5000 });
    expect(screen.queryByText('Harbour')).toBeNull();
    // The guards still decide first: the page opens once the user is in.
    user.release();
    await screen.findByRole('heading', { level: 1, name: 'North' }, { timeout: 5000 });
    await screen.findByText('Harbour');
  });

  it('guard 5 still sends a user who must set up a second factor to the profile, without the account page', async () => {
    stubFetch({
      '/api/sites': () => json(page([])),
      '/api/accounts': () => json(page([north])),
      '/api/users': () => json(page([{ ...ada, profile: { mfa_required: true } }])),
      '/api/workspaces': () => json(page([harbour])),
    });
    const router = renderRouterAt('/account/north');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
    expect(screen.queryByRole('heading', { level: 1, name: 'North' })).toBeNull();
  });
});
