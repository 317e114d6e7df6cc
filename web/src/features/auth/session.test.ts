import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../api/token-storage';
import { json, stubFetch } from '../../test/fake-api';
import { handleUnauthorized, logOut, pageToReturnTo } from './session';
import { getEndedSession, setEndedSession } from './session-store';

describe('the end of a session the server refused', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends it once, with one navigation to the login, however many calls were refused', async () => {
    setToken('revoked');
    let release: () => void = () => {};
    const navigate = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const place = () => ({ pathname: '/account/acme', search: '?tab=members' });
    const queryClient = new QueryClient();

    const first = handleUnauthorized(queryClient, navigate, place);
    const second = handleUnauthorized(queryClient, navigate, () => ({ pathname: '/login', search: '' }));
    expect(second).toBe(first);
    release();
    await first;

    expect(navigate.mock.calls).toEqual([['/login', { replace: true }]]);
    expect(getToken()).toBeNull();
    expect(getEndedSession()).toEqual({ returnTo: '/account/acme?tab=members' });
  });

  it('is ready to end the next session once this one has ended', async () => {
    const navigate = vi.fn();
    await handleUnauthorized(new QueryClient(), navigate, () => ({ pathname: '/profile', search: '' }));
    await handleUnauthorized(new QueryClient(), navigate, () => ({ pathname: '/shared', search: '' }));
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(getEndedSession()).toEqual({ returnTo: '/shared' });
  });

  it('remembers no login screen as the page to come back to', () => {
    for (const pathname of ['/', '/login', '/verification', '/register/', '/password-reset/Mg/abc-1'])
      expect(pageToReturnTo({ pathname, search: '?x=1' }), pathname).toBeNull();
    expect(pageToReturnTo({ pathname: '/workspace/view/3', search: '?view=v1' })).toBe(
      '/workspace/view/3?view=v1',
    );
    expect(pageToReturnTo({ pathname: '/loginx', search: '' })).toBe('/loginx');
  });

  it('forgets the ended session on a logout: a logout is no reason to say the session ended', async () => {
    setEndedSession({ returnTo: '/profile' });
    setToken('live');
    stubFetch({ '/api/auth/logout': () => json({ detail: 'Successfully logged out.' }) });
    await logOut(new QueryClient(), vi.fn());
    expect(getEndedSession()).toBeNull();
  });
});
