import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/datasources?account=&search=`: the account's sources to add as layers, by name. */
export const getAccountDatasources = (account: number, search: string, signal?: AbortSignal) =>
  callApi(datasourcesApi.list, {
    query: { account, search: search.trim() || undefined, ordering: 'name', page_size: 100 },
    signal,
  });

/** The first 100 matches and how many there are in all (the picker asks to narrow the search beyond). */
export const accountDatasourcesQueryOptions = (account: number, search: string) =>
  queryOptions({
    queryKey: ['datasources', 'list', 'picker', account, search.trim()] as const,
    queryFn: ({ signal }) => getAccountDatasources(account, search, signal),
    select: (page) => ({ sources: page.results, total: page.count }),
  });
