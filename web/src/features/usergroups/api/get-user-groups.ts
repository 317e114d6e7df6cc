import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/**
 * `GET /api/userGroup` (spec §3 "userGroups", loaded at start-up). The user groups issue
 * brings the endpoint, its contract schema and its screen; until then the answer is kept
 * as it comes.
 */
export const getUserGroups = (signal?: AbortSignal) => apiRequest('/api/userGroup', signal ? { signal } : {});

export const userGroupsQueryKey = ['userGroups'] as const;

export const userGroupsQueryOptions = () =>
  queryOptions({
    queryKey: userGroupsQueryKey,
    queryFn: ({ signal }) => getUserGroups(signal),
    retry: false,
  });

/** Loads the user groups; a failure is only logged (spec §8: read failures). */
export async function loadUserGroups(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.fetchQuery(userGroupsQueryOptions());
  } catch (error) {
    console.warn('User groups could not be loaded', error);
  }
}
