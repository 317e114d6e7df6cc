import type { Account, AuthUser, Workspace } from '@geows/contract';
import { vi } from 'vitest';

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const ada: AuthUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.org',
  date_joined: '2025-01-01T10:00:00.000Z',
  last_login: null,
  profile: { mfa_required: false },
  mfa: [],
};

export const account = (id: number, name: string): Account => ({
  id,
  name,
  description: `${name}'s maps`,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  admin: ada.id,
});

/** A workspace of `accountId` that ada administers; `extra` for what a test looks at. */
export const workspace = (
  id: number,
  name: string,
  accountId: number,
  extra: Partial<Workspace> = {},
): Workspace => ({
  id,
  name,
  description: '',
  admin: ada.id,
  account: accountId,
  plan: { id: 1, name: 'Trial' },
  editors: [],
  camera: '{}',
  workspacePlugins: '{}',
  rights: 'admin',
  version: 1,
  ...extra,
});

/** What a stubbed answer may look at: the URL (with its query) and the request's method and body. */
export type FakeRequest = { url: URL; method: string; body: unknown };
export type FakeAnswer = (request: FakeRequest) => Response | Promise<Response>;

/**
 * Stubs `fetch` with answers in the real API's shapes, by path; anything else is 404.
 * Not a second server: each test names exactly the answers its screen needs. An answer
 * may look at the request (`method`, `url.searchParams`, the parsed JSON `body`).
 */
export function stubFetch(answers: Record<string, FakeAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return answer
      ? answer({ url, method: init?.method ?? 'GET', body })
      : json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls a stubbed `fetch` received, as `METHOD /path?query` with the parsed JSON body. */
export function requestsOf(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
  });
}
