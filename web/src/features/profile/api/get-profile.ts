import { type Profile, usersApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/extendUsers` → results[0]: the signed-in user's profile details. */
export async function getProfile(signal?: AbortSignal): Promise<Profile | null> {
  const page = await callApi(usersApi.profile, { signal });
  return page.results[0] ?? null;
}

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
