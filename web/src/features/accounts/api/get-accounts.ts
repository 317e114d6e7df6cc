import { type Account, accountsApi } from '@geows/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/accounts`: the accounts the caller administers, the list envelope's `results`. */
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const page = await callApi(accountsApi.list, { signal });
  return page.results;
}

export const accountsQueryKey = ['accounts'] as const;

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountsQueryKey, queryFn: ({ signal }) => getAccounts(signal) });

export const useAccounts = (enabled = true) => useQuery({ ...accountsQueryOptions(), enabled });

/** Loads the accounts afresh (after a login, a creation or a deletion) and answers them. */
export const loadAccounts = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...accountsQueryOptions(), staleTime: 0 });
