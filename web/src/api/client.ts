import type { z } from 'zod';
import { ApiError } from './api-error';
import { getToken } from './token-storage';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<S extends z.ZodType> = {
  method?: Method;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Parses the answer, so a response that drifted from the contract fails loudly here. */
  schema?: S;
  /** False for the calls the spec lists without the auth header (login, sites, ...). */
  auth?: boolean;
  /**
   * False when a 401 is expected and handled by the caller (logout with a revoked
   * token); otherwise a 401 to a request that carried a token ends the session.
   */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
};

let unauthorizedHandler: (() => void) | null = null;

/**
 * What happens when the server rejects the stored token (expired, revoked): the app
 * registers one handler that ends the session and sends the user to log in.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * The only place the web app calls `fetch` for its API: adds `Authorization: Token`,
 * sends credentials, parses JSON, and turns error answers into an `ApiError`.
 */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  {
    method = 'GET',
    query,
    body,
    schema,
    auth = true,
    handleUnauthorized = true,
    signal,
  }: RequestOptions<S> = {},
): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = auth ? getToken() : null;
  if (token) headers.set('Authorization', `Token ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(withQuery(path, query), {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'include',
    signal: signal ?? null,
  });
  const data = await readBody(response);
  if (!response.ok) {
    // Only when the token that failed is still the stored one: a late answer to a
    // request of an earlier session must not end the current one.
    if (response.status === 401 && token && handleUnauthorized && getToken() === token)
      unauthorizedHandler?.();
    throw new ApiError(response.status, data);
  }
  return schema ? schema.parse(data) : (data as z.output<S>);
}

function withQuery(path: string, query: RequestOptions<z.ZodType>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
