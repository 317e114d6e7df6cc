import { datasourcesApi } from '@geows/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/datasources?account=&search=`: the account's sources to add as layers, by name. */
export const getAccountDatasources = (account: number, search: string, signal?: AbortSignal) =>
  callApi(datasourcesApi.list, {
    query: { account, search: search.trim() || undefined, ordering: 'name', page_size: 100 },
    signal,
  });

export const accountDatasourcesQueryOptions = (account: number, search: string) =>
  queryOptions({
    queryKey: ['datasources', 'list', 'picker', account, search.trim()] as const,
    queryFn: ({ signal }) => getAccountDatasources(account, search, signal),
    select: (page) => page.results,
  });
