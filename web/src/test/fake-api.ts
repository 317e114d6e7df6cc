import type { Account, AuthUser } from '@geows/contract';
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

/**
 * Stubs `fetch` with answers in the real API's shapes, by path; anything else is 404.
 * Not a second server: each test names exactly the answers its screen needs.
 */
export function stubFetch(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname];
    return answer ? answer() : json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
