import { accountsApi, authApi, usersApi, workspacesApi } from '@geows/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { callApi, setUnauthorizedHandler } from './client';
import { setToken } from './token-storage';

const respond = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );

const lastRequest = () => {
  const [url, init] = vi.mocked(fetch).mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init?.headers) };
};

const emptyPage = { count: 0, next: null, previous: null, results: [] };

describe('callApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('takes method and path from the endpoint, fills its parameters and sends the stored token', async () => {
    setToken('abc');
    respond(204, null);
    await callApi(workspacesApi.remove, { params: { id: 7 } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/workspaces/7');
    expect(init?.method).toBe('DELETE');
    expect(headers.get('Authorization')).toBe('Token abc');
  });

  it('writes the query, leaves out undefined values, and parses the answer with the response schema', async () => {
    setToken('abc');
    respond(200, { ...emptyPage, extra: 'dropped' });
    const result = await callApi(workspacesApi.list, { query: { account: 3 } });
    expect(lastRequest().url).toBe('/api/workspaces?account=3');
    expect(result).toEqual(emptyPage);
  });

  it('sends the body as JSON and no token to endpoints without auth', async () => {
    setToken('abc');
    respond(200, { auth_token: 'k' });
    await callApi(authApi.login, { body: { username: 'a@example.com', password: 'Secret123!' } });
    const { init, headers } = lastRequest();
    expect(init?.method).toBe('POST');
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'a@example.com', password: 'Secret123!' });
  });

  it('fails loudly when an answer drifted from the contract', async () => {
    setToken('abc');
    respond(200, { results: 'not a list' });
    await expect(callApi(accountsApi.list)).rejects.toThrow();
  });

  it('ends the session on a 401 to the stored token', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setToken('abc');
    respond(401, { detail: 'Invalid token.' });
    await expect(callApi(usersApi.me)).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('leaves a 401 alone without a token, without auth, or when asked to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, { detail: 'Authentication credentials were not provided.' });
    await expect(callApi(usersApi.me)).rejects.toThrow('Authentication credentials were not provided.');
    setToken('abc');
    await expect(
      callApi(authApi.login, { body: { username: 'a@example.com', password: 'x' } }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(callApi(authApi.logout, { handleUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});
