import { authApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/activate/{uid}/{token}/`: answers the text 'Activated'. */
export const activateAccount = (uid: string, token: string, signal?: AbortSignal) =>
  callApi(authApi.activate, { params: { uid, token }, signal });

/**
 * A query rather than an effect: the link works once, so the call must run exactly once
 * per visit, whatever React does with effects in development.
 */
export const activationQueryOptions = (uid: string, token: string) =>
  queryOptions({
    queryKey: ['activation', uid, token],
    queryFn: () => activateAccount(uid, token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useActivation = (uid: string, token: string) => useQuery(activationQueryOptions(uid, token));
