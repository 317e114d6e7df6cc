import { type UserGroup, userGroupsApi } from '@geows/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { userGroupKeys } from './user-group-keys';

/**
 * `GET /api/userGroup?account={id}`: that account's user groups; without an account,
 * those of every account the caller administers (the start-up load). Every page.
 */
export function getUserGroups(account: number | undefined, signal?: AbortSignal): Promise<UserGroup[]> {
  return allPages((paging) =>
    callApi(userGroupsApi.list, { query: account === undefined ? paging : { account, ...paging }, signal }),
  );
}

export const userGroupsQueryOptions = (account: number | undefined) =>
  queryOptions({
    queryKey: userGroupKeys.list(account),
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
