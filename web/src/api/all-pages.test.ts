import { accountsApi, type Page } from '@geows/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, json, requestsOf, stubFetch } from '../test/fake-api';
import { allPages, type PageRequest } from './all-pages';
import { callApi } from './client';

/** A list of `total` numbers served as DRF serves it, `size` a page whatever is asked. */
const served = (total: number, size: number) =>
  vi.fn(async ({ page = 1 }: PageRequest): Promise<Page<number>> => {
    const rows = Array.from({ length: total }, (_, i) => i + 1);
    const link = (target: number) =>
      `https://api.example.org/api/accounts?page_size=1000${target > 1 ? `&page=${target}` : ''}`;
    return {
      count: total,
      next: page * size < total ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: rows.slice((page - 1) * size, page * size),
    };
  });

describe('allPages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the largest pages, and one request is enough for a short list', async () => {
    const fetchPage = served(3, 100);
    expect(await allPages(fetchPage)).toEqual([1, 2, 3]);
    expect(fetchPage.mock.calls).toEqual([[{ page_size: 1000 }]]);
  });

  it('follows next until it is null and answers every row in order', async () => {
    const fetchPage = served(7, 3);
    expect(await allPages(fetchPage)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(fetchPage.mock.calls.map(([paging]) => paging)).toEqual([
      { page_size: 1000 },
      { page: 2, page_size: 1000 },
      { page: 3, page_size: 1000 },
    ]);
  });

  it('stops with an error when next does not move on, instead of asking for ever', async () => {
    const stuck = vi.fn(async () => ({
      count: 9,
      next: 'https://x/api/accounts',
      previous: null,
      results: [1],
    }));
    await expect(allPages(stuck)).rejects.toThrow(/next page/);
    expect(stuck).toHaveBeenCalledOnce();
  });

  it('asks through callApi for the page next names, whatever origin the server wrote into it', async () => {
    const fetchMock = stubFetch({
      '/api/accounts': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? json({
              count: 3,
              next: null,
              previous: 'http://internal:8000/api/accounts',
              results: [account(3, 'C')],
            })
          : json({
              count: 3,
              next: 'http://internal:8000/api/accounts?page=2&page_size=1000',
              previous: null,
              results: [account(1, 'A'), account(2, 'B')],
            }),
    });
    const accounts = await allPages((paging) => callApi(accountsApi.list, { query: paging }));
    expect(accounts.map((a) => a.name)).toEqual(['A', 'B', 'C']);
    expect(requestsOf(fetchMock).map(({ path, query }) => `${path}?${query}`)).toEqual([
      '/api/accounts?page_size=1000',
      '/api/accounts?page=2&page_size=1000',
    ]);
  });
});
