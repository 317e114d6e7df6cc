import fs from 'node:fs';
import path from 'node:path';
import { accountsApi, usersApi } from '@geows/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, ada, json, page, requestsOf, stubFetch, workspace } from '../test/fake-api';
import { renderRouterAt } from '../test/render-router';
import { callApi, setUnauthorizedHandler } from './client';
import { forgetEarlyReads } from './early-reads';
import { setToken } from './token-storage';

type EarlyReads = { token: string; responses: Record<string, Promise<Response> | undefined> };
const early = (token: string, responses: Record<string, Response>) => {
  const reads: EarlyReads = {
    token,
    responses: Object.fromEntries(Object.entries(responses).map(([url, r]) => [url, Promise.resolve(r)])),
  };
  (window as { earlyReads?: EarlyReads }).earlyReads = reads;
  return reads;
};

const bootScript = fs.readFileSync(path.join(import.meta.dirname, '../prerender/boot-script.js'), 'utf8');

/** Runs the boot script as a signed-in visitor's first page would (a prerendered shell at `pathname`). */
function boot(pathname: string) {
  window.history.replaceState(null, '', pathname);
  document.documentElement.dataset.prerender = 'shell';
  new Function(bootScript)();
  // Not taken over by an app here: the script's held clicks stop.
  document.documentElement.dataset.app = '';
  return (window as { earlyReads?: EarlyReads }).earlyReads;
}

afterEach(() => {
  forgetEarlyReads();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  delete document.documentElement.dataset.prerender;
  delete document.documentElement.dataset.handoff;
  delete document.documentElement.dataset.app;
  window.history.replaceState(null, '', '/');
});

describe('an early read', () => {
  it('is taken once by the same GET with the same token, instead of asking again', async () => {
    setToken('abc');
    const fetchMock = stubFetch({ '/api/users': () => json(page([{ ...ada, username: 'asked' }])) });
    early('abc', { '/api/users': json(page([ada])) });
    expect((await callApi(usersApi.me)).results[0]?.username).toBe('ada');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await callApi(usersApi.me)).results[0]?.username).toBe('asked');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not taken with another token, nor once forgotten', async () => {
    setToken('new');
    const fetchMock = stubFetch({ '/api/users': () => json(page([ada])) });
    early('old', { '/api/users': json(page([{ ...ada, username: 'old' }])) });
    expect((await callApi(usersApi.me)).results[0]?.username).toBe('ada');
    early('new', { '/api/users': json(page([{ ...ada, username: 'early' }])) });
    forgetEarlyReads();
    expect((await callApi(usersApi.me)).results[0]?.username).toBe('ada');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refused (401) ends the session as an answer asked for now would', async () => {
    setToken('revoked');
    stubFetch({});
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    early('revoked', { '/api/accounts?page_size=1000': json({ detail: 'Invalid token.' }, 401) });
    await expect(callApi(accountsApi.list, { query: { page_size: 1000 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe("the boot script's reads", () => {
  const north = account(1, 'North');
  const harbour = workspace(5, 'Harbour', north.id);

  it("are the account page's own: the app takes each of them", async () => {
    setToken('token-of-ada');
    const fetchMock = stubFetch({
      '/api/sites': () => json(page([])),
      '/api/accounts': () => json(page([north])),
      '/api/users': () => json(page([ada])),
      '/api/workspaces': () => json(page([harbour])),
      '/api/accounts/1/events': () => json(page([])),
    });
    const reads = boot('/account/north');
    await vi.waitFor(() =>
      expect(requestsOf(fetchMock).map(({ path }) => path)).toContain('/api/workspaces'),
    );
    expect(Object.keys(reads?.responses ?? {})).toEqual([
      '/api/accounts?page_size=1000',
      '/api/users',
      '/api/workspaces?account=1&page_size=1000',
    ]);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Token token-of-ada',
    );

    renderRouterAt('/account/north');
    await screen.findByText('Harbour', undefined, { timeout: 5000 });
    expect(reads?.responses).toEqual({});
  });

  it('are none for a visitor without a token', () => {
    const fetchMock = stubFetch({});
    expect(boot('/account/north')).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
