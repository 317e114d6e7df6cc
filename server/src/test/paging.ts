import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { auth } from './factories.js';

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/**
 * Reads a list as a DRF client does and checks it pages like DRF's PageNumberPagination:
 * `count` is the whole list's, `next`/`previous` are absolute links to this list with
 * `page` changed (page 1 without it), following `next` yields every row exactly once in
 * the list's order, a page past the end is 404 "Invalid page.", and `page_size` stops at
 * 1,000 (400 above). `total` must be more than `pageSize`. Answers the rows in order.
 */
export async function expectDrfPaging(
  t: TestApp,
  { url, token, total, pageSize }: { url: string; token?: string; total: number; pageSize: number },
): Promise<unknown[]> {
  expect(total).toBeGreaterThan(pageSize);
  const headers = token === undefined ? {} : auth(token);
  const get = (path: string) => t.app.inject({ url: path, headers });
  const listPath = new URL(url, 'http://localhost').pathname;

  const rows: unknown[] = [];
  const pages = Math.ceil(total / pageSize);
  let answer = await get(withQuery(url, `page_size=${pageSize}`));
  for (let page = 1; ; page++) {
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.count).toBe(total);
    expect(body.results).toHaveLength(page < pages ? pageSize : total - (pages - 1) * pageSize);
    rows.push(...body.results);
    if (page === 1) expect(body.previous).toBeNull();
    else {
      const previous = new URL(body.previous);
      expect(previous.pathname).toBe(listPath);
      expect(previous.searchParams.get('page')).toBe(page === 2 ? null : String(page - 1));
    }
    if (page === pages) {
      expect(body.next).toBeNull();
      break;
    }
    // Absolute, as DRF's: the same list, the same page size, the next page.
    expect(body.next).toMatch(/^http:\/\/localhost(:\d+)?\//);
    const next = new URL(body.next);
    expect(next.pathname).toBe(listPath);
    expect(next.searchParams.get('page')).toBe(String(page + 1));
    expect(next.searchParams.get('page_size')).toBe(String(pageSize));
    answer = await get(`${next.pathname}${next.search}`);
  }

  expect(new Set(rows.map((row) => JSON.stringify(row))).size).toBe(total);
  // One page of the largest size holds the same rows in the same order.
  const whole = (await get(withQuery(url, 'page_size=1000'))).json();
  expect(whole).toEqual({ count: total, next: null, previous: null, results: rows });

  const pastTheEnd = await get(withQuery(url, `page_size=${pageSize}&page=${pages + 1}`));
  expect(pastTheEnd.statusCode).toBe(404);
  expect(pastTheEnd.json()).toEqual({ detail: 'Invalid page.' });
  await expectPageQueryChecked(t, { url, token });
  return rows;
}

/** `page` and `page_size` are validated with DRF's field errors; `page_size` stops at 1,000. */
export async function expectPageQueryChecked(t: TestApp, { url, token }: { url: string; token?: string }) {
  const headers = token === undefined ? {} : auth(token);
  const get = (query: string) => t.app.inject({ url: withQuery(url, query), headers });
  const tooLarge = await get('page_size=1001');
  expect(tooLarge.statusCode).toBe(400);
  expect(tooLarge.json()).toEqual({ page_size: ['Ensure this value is less than or equal to 1000.'] });
  expect((await get('page=abc')).json()).toEqual({ page: ['A valid integer is required.'] });
  expect((await get('page=0')).json()).toEqual({
    page: ['Ensure this value is greater than or equal to 1.'],
  });
  expect((await get('page_size=0')).statusCode).toBe(400);
}
