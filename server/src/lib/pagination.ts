import type { Page } from '@geows/contract';

/** DRF's list envelope for a list the endpoint does not paginate further. */
export function pageOf<T>(results: T[]): Page<T> {
  return { count: results.length, next: null, previous: null, results };
}
