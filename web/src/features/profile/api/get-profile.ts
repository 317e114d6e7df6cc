import { type Profile, profilePage } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `GET /api/extendUsers` → results[0]: the signed-in user's profile details. */
export async function getProfile(signal?: AbortSignal): Promise<Profile | null> {
  const page = await apiRequest('/api/extendUsers', { schema: profilePage, ...(signal ? { signal } : {}) });
  return page.results[0] ?? null;
}

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
