import { mfaApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /auth/mfa/user-active-methods`: the second factors that are on. */
export const getActiveMethods = async (signal?: AbortSignal) =>
  (await callApi(mfaApi.activeMethods, { signal })).results;

export const activeMethodsQueryKey = ['mfa', 'active-methods'] as const;

export const activeMethodsQueryOptions = () =>
  queryOptions({ queryKey: activeMethodsQueryKey, queryFn: ({ signal }) => getActiveMethods(signal) });

export const useActiveMethods = () => useQuery(activeMethodsQueryOptions());
