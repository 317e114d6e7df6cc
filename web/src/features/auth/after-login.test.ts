import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token-storage';
import { account, json, page, stubFetch } from '../../test/fake-api';
import { setActiveAccountId } from '../accounts';
import { afterLogin } from './after-login';
import { getDemoWorkspaceId, getEndedSession, isDemo, setEndedSession } from './session-store';

const run = async () => {
  const navigate = vi.fn();
  await afterLogin({ queryClient: new QueryClient(), navigate });
  return navigate.mock.calls[0];
};

/** The answers of a login's calls; the user groups answer an empty list unless a test says otherwise. */
const stubApi = (answers: Parameters<typeof stubFetch>[0]) =>
  stubFetch({ '/api/userGroup': () => json(page([])), ...answers });

describe('afterLogin', () => {
  afterEach(() => vi.unstubAllGlobals());
  const accounts = [account(1, 'North'), account(2, 'South')];

  it("goes to the active account's page when the server has no demo workspace", async () => {
    setToken('t');
    const fetchMock = stubFetch({
      '/api/accounts': () => json(page(accounts)),
      '/api/demo': () => json(0),
      '/api/userGroup': () => json(page([])),
    });
    setActiveAccountId(2);
    expect(await run()).toEqual(['/account/south', { replace: true }]);
    expect(isDemo()).toBe(false);
    // The accounts, the user groups (docs/product.md, "States and transitions") and the demo lookup;
    // both lists whole, in the largest pages.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/accounts?page_size=1000',
      '/api/demo',
      '/api/userGroup?page_size=1000',
    ]);
  });

  it('goes to the first account when none was active, and to /account/create without accounts', async () => {
    stubApi({ '/api/accounts': () => json(page(accounts)), '/api/demo': () => json(0) });
    expect(await run()).toEqual(['/account/north', { replace: true }]);
    stubApi({ '/api/accounts': () => json(page([])), '/api/demo': () => json(0) });
    expect(await run()).toEqual(['/account/create', { replace: true }]);
  });

  it('turns demo mode on and opens the demo workspace when the server names one', async () => {
    stubApi({ '/api/accounts': () => json(page([])), '/api/demo': () => json(12) });
    expect(await run()).toEqual(['/workspace/view/12', { replace: true }]);
    expect(isDemo()).toBe(true);
    expect(getDemoWorkspaceId()).toBe(12);
  });

  it('goes on when the user groups cannot be loaded, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({
      '/api/accounts': () => json(page(accounts)),
      '/api/demo': () => json(0),
      '/api/userGroup': () => json({ detail: 'Server error' }, 500),
    });
    expect(await run()).toEqual(['/account/north', { replace: true }]);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('User groups could not be loaded', expect.anything()),
    );
    warn.mockRestore();
  });

  it('treats a failed demo lookup as no demo', async () => {
    stubApi({ '/api/accounts': () => json(page(accounts)), '/api/demo': () => json({ detail: 'x' }, 500) });
    expect(await run()).toEqual(['/account/north', { replace: true }]);
    expect(isDemo()).toBe(false);
  });

  it('goes back to the page the user was on when the server had ended the session, once', async () => {
    setEndedSession({ returnTo: '/workspace/view/3?view=v1' });
    stubApi({ '/api/accounts': () => json(page(accounts)), '/api/demo': () => json(0) });
    expect(await run()).toEqual(['/workspace/view/3?view=v1', { replace: true }]);
    expect(getEndedSession()).toBeNull();
    expect(await run()).toEqual(['/account/north', { replace: true }]);
  });

  it('lets the demo workspace win over the remembered page, as the spec fixes it', async () => {
    setEndedSession({ returnTo: '/profile' });
    stubApi({ '/api/accounts': () => json(page([])), '/api/demo': () => json(12) });
    expect(await run()).toEqual(['/workspace/view/12', { replace: true }]);
    expect(getEndedSession()).toBeNull();
  });

  it('never goes to another site, whatever the stored page says', async () => {
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      sessionStorage.setItem('sessionEnded', JSON.stringify({ returnTo }));
      stubApi({ '/api/accounts': () => json(page(accounts)), '/api/demo': () => json(0) });
      expect(await run(), returnTo).toEqual(['/account/north', { replace: true }]);
    }
  });
});
