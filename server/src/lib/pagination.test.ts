import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors.js';
import { pagedOf, pageFromDb, pageFromList, pageWindow } from './pagination.js';

const letters = 'abcdefg'.split('');
/** A table of seven rows, read as the repositories do. */
const table = () => ({
  rows: vi.fn(async ({ limit, offset }: { limit: number; offset: number }) =>
    letters.slice(offset, offset + limit),
  ),
  count: vi.fn(async () => letters.length),
});

describe('pagination', () => {
  it('turns ?page= and ?page_size= into LIMIT and OFFSET, 100 a page by default', () => {
    expect(pageWindow({})).toEqual({ page: 1, pageSize: 100, limit: 100, offset: 0 });
    expect(pageWindow({ page: 3, page_size: 20 })).toEqual({ page: 3, pageSize: 20, limit: 20, offset: 40 });
  });

  it('counts in the database only for a full page: a page with room left ends the list', async () => {
    const short = table();
    expect(await pageFromDb({}, short.rows, short.count)).toEqual({
      total: 7,
      page: 1,
      pageSize: 100,
      results: letters,
    });
    expect(short.count).not.toHaveBeenCalled();

    const last = table();
    expect((await pageFromDb({ page: 3, page_size: 3 }, last.rows, last.count)).total).toBe(7);
    expect(last.count).not.toHaveBeenCalled();

    const full = table();
    expect(await pageFromDb({ page: 2, page_size: 3 }, full.rows, full.count)).toEqual({
      total: 7,
      page: 2,
      pageSize: 3,
      results: ['d', 'e', 'f'],
    });
    expect(full.count).toHaveBeenCalledOnce();
  });

  it('answers an empty first page, and 404 "Invalid page." past the end', async () => {
    const empty = { rows: async () => [], count: async () => 0 };
    expect(await pageFromDb({}, empty.rows, empty.count)).toMatchObject({ total: 0, results: [] });
    const past = table();
    await expect(pageFromDb({ page: 4, page_size: 3 }, past.rows, past.count)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Invalid page.',
    });
    expect(() => pageFromList({ page: 2 }, letters)).toThrow(HttpError);
    expect(pageFromList({ page: 2, page_size: 5 }, letters)).toMatchObject({ total: 7, results: ['f', 'g'] });
  });

  it('links the next and previous pages absolutely, page 1 without ?page=', () => {
    const request = {
      protocol: 'https' as const,
      host: 'maps.example.org',
      url: '/api/accounts?page=2&page_size=3',
    };
    expect(pagedOf(request, { total: 7, page: 2, pageSize: 3, results: ['d', 'e', 'f'] })).toEqual({
      count: 7,
      next: 'https://maps.example.org/api/accounts?page=3&page_size=3',
      previous: 'https://maps.example.org/api/accounts?page_size=3',
      results: ['d', 'e', 'f'],
    });
  });
});

describe('pagination links for odd requests', () => {
  const page = { total: 7, page: 2, pageSize: 2, results: ['c', 'd'] };
  it('answers links on localhost for a Host header no URL can hold, never a 500', () => {
    for (const host of ['x:1:2', '[::1', 'a b', '[fe80::1%25lo]']) {
      const answer = pagedOf({ protocol: 'http', host, url: '/api/workspaces?page=2' }, page);
      expect(answer.next, host).toBe('http://localhost/api/workspaces?page=3');
      expect(answer.previous, host).toBe('http://localhost/api/workspaces');
    }
  });
  it('reads a path that starts with two slashes as a path, not another host', () => {
    const answer = pagedOf(
      { protocol: 'http', host: 'maps.example.org', url: '//evil.example/x?page=2' },
      page,
    );
    expect(answer.next).toBe('http://maps.example.org/evil.example/x?page=3');
  });
});
