import { type AuthUser, usersApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/users` → results[0]: the signed-in user (docs/product.md, "Data"). */
export async function getAuthUser(signal?: AbortSignal): Promise<AuthUser> {
  const page = await callApi(usersApi.me, { signal });
  const user = page.results[0];
  if (!user) throw new Error('GET /api/users answered no user');
  return user;
}

export const authUserQueryKey = ['users', 'me'] as const;

export const authUserQueryOptions = () =>
  queryOptions({ queryKey: authUserQueryKey, queryFn: ({ signal }) => getAuthUser(signal) });

export const useAuthUser = (enabled = true) => useQuery({ ...authUserQueryOptions(), enabled });
