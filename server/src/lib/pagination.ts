import type { Page } from '@geows/contract';
import type { FastifyRequest } from 'fastify';

/** DRF's list envelope for a list the endpoint does not paginate further. */
export function pageOf<T>(results: T[]): Page<T> {
  return { count: results.length, next: null, previous: null, results };
}

/**
 * DRF's page number pagination: `next` and `previous` are absolute URLs of this request
 * with `page` changed (and left out for page 1, as DRF does), or null.
 */
export function pagedOf<T>(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'url'>,
  { total, page, pageSize, results }: { total: number; page: number; pageSize: number; results: T[] },
): Page<T> {
  const link = (target: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
