import { maxPageSize, type Page } from '@geows/contract';

/** The paging part of one request for a whole list: the largest pages, so most lists take one request. */
export type PageRequest = { page?: number; page_size: number };

/**
 * Every row of a list that pages like DRF, for the screens that show a list whole: asks
 * again for the page `next` names until it is null. Only the page number is taken from
 * `next`, not the link itself: `callApi` stays the one way to the API (token, errors,
 * response schema), and the origin the server writes into its links need not be the one
 * the browser talks to (a proxy in between).
 */
export async function allPages<T>(fetchPage: (paging: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const results: T[] = [];
  let paging: PageRequest = { page_size: maxPageSize };
  for (;;) {
    const answer = await fetchPage(paging);
    results.push(...answer.results);
    if (answer.next === null) return results;
    const page = Number(new URL(answer.next, 'http://localhost').searchParams.get('page'));
    // A link that does not move on would ask for ever: a fault to report, not more rows.
    if (!Number.isInteger(page) || page <= (paging.page ?? 1))
      throw new Error(`The list's next page does not follow page ${paging.page ?? 1}: ${answer.next}`);
    paging = { page, page_size: maxPageSize };
  }
}
