import {
  type Endpoint,
  type EndpointResponse,
  type PathParamNames,
  type PathParams,
  pathTo,
} from '@geows/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { takeEarlyRead } from './early-reads';
import { getToken } from './token-storage';

/** What a call of an endpoint sends: its path parameters, query and body, as the contract types them. */
export type CallInput<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) & {
    /**
     * False when a 401 is expected and handled by the caller (logout with a revoked
     * token); otherwise a 401 to a request that carried a token ends the session.
     */
    handleUnauthorized?: boolean;
    signal?: AbortSignal | undefined;
  };

/** Calls without parameters or body may leave the input out. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

let unauthorizedHandler: (() => void) | null = null;

/**
 * What happens when the server rejects the stored token (expired, revoked): the app
 * registers one handler that ends the session and sends the user to log in.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * A 401 to a request that carried `token`: ends the session, but only when that token is
 * still the stored one — a late answer to a request of an earlier session must not end
 * the current one. For the few requests made outside `callApi` (the upload's XHR).
 */
export function notifyUnauthorized(token: string | null): void {
  if (token && getToken() === token) unauthorizedHandler?.();
}

/**
 * The only place the web app calls `fetch` for its API. The endpoint (from the
 * contract) gives the method, the path and whether the token goes along; the answer
 * is parsed with its response schema, so a response that drifted from the contract
 * fails loudly here. Error answers become an `ApiError`; credentials are sent.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[input = {} as CallInput<E>]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal, handleUnauthorized = true } = input as CallInput<Endpoint>;
  const headers = new Headers({ Accept: 'application/json' });
  const token = endpoint.auth === 'none' ? null : getToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const path = params ? pathTo(endpoint.path, params) : endpoint.path;
  const url = withQuery(path, query as Record<string, unknown> | undefined);
  const response = await ((endpoint.method === 'GET' ? takeEarlyRead(url, token) : undefined) ??
    fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'include',
      signal: signal ?? null,
    }));
  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && handleUnauthorized) notifyUnauthorized(token);
    throw new ApiError(response.status, data);
  }
  return endpoint.response.parse(data) as EndpointResponse<E>;
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
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
