import { activeMethodsPage } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `GET /auth/mfa/user-active-methods`: the second factors that are on. */
export const getActiveMethods = async (signal?: AbortSignal) =>
  (
    await apiRequest('/auth/mfa/user-active-methods', {
      schema: activeMethodsPage,
      ...(signal ? { signal } : {}),
    })
  ).results;

export const activeMethodsQueryKey = ['mfa', 'active-methods'] as const;

export const activeMethodsQueryOptions = () =>
  queryOptions({ queryKey: activeMethodsQueryKey, queryFn: ({ signal }) => getActiveMethods(signal) });

export const useActiveMethods = () => useQuery(activeMethodsQueryOptions());
