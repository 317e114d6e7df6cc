import { defaultPageSize, type Page, type PageQuery } from '@geows/contract';
import type { FastifyRequest } from 'fastify';
import { notFound } from './errors.js';

/** One page as a service answers it; the route makes DRF's envelope of it with `pagedOf`. */
export type PageResult<T> = { total: number; page: number; pageSize: number; results: T[] };

/** The rows `?page=` and `?page_size=` ask for, as SQL's LIMIT and OFFSET. */
export function pageWindow(query: PageQuery) {
  const pageSize = query.page_size ?? defaultPageSize;
  const page = query.page ?? 1;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}
export type PageWindow = ReturnType<typeof pageWindow>;

/** DRF answers 404 for a page past the end; page 1 of an empty list is an empty page. */
function checkedPage<T>({ page, pageSize }: PageWindow, total: number, results: T[]): PageResult<T> {
  if (page > 1 && results.length === 0) throw notFound('Invalid page.');
  return { total, page, pageSize, results };
}

/**
 * One page read from the database: `rows` for the page (LIMIT/OFFSET, in a stable order)
 * and `count` for the total. A page with room left is the list's last, so its offset
 * plus its rows is the count, exactly: the count query runs only for a full page, and
 * the short lists most callers have cost one query.
 */
export async function pageFromDb<T>(
  query: PageQuery,
  rows: (window: PageWindow) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<PageResult<T>> {
  const window = pageWindow(query);
  const results = await rows(window);
  const total = results.length === window.limit ? await count() : window.offset + results.length;
  return checkedPage(window, total, results);
}

/** A short list the service holds whole (the signed-in user, a site, the types), paged the same way. */
export function pageFromList<T>(query: PageQuery, items: T[]): PageResult<T> {
  const window = pageWindow(query);
  return checkedPage(window, items.length, items.slice(window.offset, window.offset + window.limit));
}

/**
 * The request's origin for absolute links; a Host header no URL can hold (`x:1:2`, `[::1`)
 * gives a link on localhost rather than a 500 — such a request reached us by address anyway.
 */
function originOf(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? origin : `${request.protocol}://localhost`;
}

/**
 * DRF's page number pagination: `next` and `previous` are absolute URLs of this request
 * with `page` changed (and left out for page 1, as DRF does), or null.
 */
export function pagedOf<T>(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'url'>,
  { total, page, pageSize, results }: PageResult<T>,
): Page<T> {
  const link = (target: number) => {
    const origin = originOf(request);
    // `//host/…` would name another host: a path is read as one.
    const url = new URL(request.url.replace(/^\/+/, '/'), origin);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    count: total,
    next: page * pageSize < total ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
