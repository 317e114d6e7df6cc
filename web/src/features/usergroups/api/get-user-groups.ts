import { type UserGroup, userGroupsApi } from '@geows/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';

/**
 * `GET /api/userGroup?account={id}`: that account's user groups; without an account,
 * those of every account the caller administers (the start-up load). Every page.
 */
export function getUserGroups(account: number | undefined, signal?: AbortSignal): Promise<UserGroup[]> {
  return allPages((paging) =>
    callApi(userGroupsApi.list, { query: account === undefined ? paging : { account, ...paging }, signal }),
  );
}

/** Every group list starts with this key, so one invalidation reloads them all. */
export const userGroupListsKey = ['userGroups', 'list'] as const;

export const userGroupsQueryOptions = (account: number | undefined) =>
  queryOptions({
    queryKey: [...userGroupListsKey, account ?? 'all'] as const,
    queryFn: ({ signal }) => getUserGroups(account, signal),
  });

/** The account's groups; waits while the account is not known yet. */
export const useUserGroups = (account: number | undefined) =>
  useQuery({ ...userGroupsQueryOptions(account ?? 0), enabled: account !== undefined });

/**
 * The caller's user groups, loaded at start-up and after a login (docs/product.md,
 * "States and transitions"), for the screens that name groups (layers).
 */
export const loadUserGroups = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...userGroupsQueryOptions(undefined), staleTime: 0 });
