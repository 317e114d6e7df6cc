import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { apiRequest, setUnauthorizedHandler } from './client';
import { setToken } from './token-storage';

const respond = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('sends the stored token and parses JSON', async () => {
    setToken('abc');
    respond(200, { ok: true });
    await expect(apiRequest('/api/users')).resolves.toEqual({ ok: true });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Token abc');
  });

  it('ends the session on a 401 to the stored token', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setToken('abc');
    respond(401, { detail: 'Invalid token.' });
    await expect(apiRequest('/api/users')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('leaves a 401 alone without a token, without auth, or when asked to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, { detail: 'Authentication credentials were not provided.' });
    await expect(apiRequest('/api/users')).rejects.toThrow('Authentication credentials were not provided.');
    setToken('abc');
    await expect(apiRequest('/auth/login/', { auth: false })).rejects.toBeInstanceOf(ApiError);
    await expect(apiRequest('/api/auth/logout', { handleUnauthorized: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(handler).not.toHaveBeenCalled();
  });
});
