import { type Account, accountsApi } from '@geows/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';

/** `GET /api/accounts`: the accounts the caller administers, every page of them (the switcher shows all). */
export function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  return allPages((paging) => callApi(accountsApi.list, { query: paging, signal }));
}

export const accountsQueryKey = ['accounts'] as const;

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountsQueryKey, queryFn: ({ signal }) => getAccounts(signal) });

export const useAccounts = (enabled = true) => useQuery({ ...accountsQueryOptions(), enabled });

/** Loads the accounts afresh (after a login, a creation or a deletion) and answers them. */
export const loadAccounts = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...accountsQueryOptions(), staleTime: 0 });
