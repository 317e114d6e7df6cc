import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** `GET /api/activate/{uid}/{token}/`: answers the text 'Activated'. */
export const activateAccount = (uid: string, token: string, signal?: AbortSignal) =>
  apiRequest(`/api/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`, {
    auth: false,
    ...(signal ? { signal } : {}),
  });

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
