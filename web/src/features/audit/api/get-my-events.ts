import { auditApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { auditKeys } from './audit-keys';

/** `GET /api/users/me/events`: the signed-in user's last 20 security events, newest first. */
export const getMyEvents = (signal?: AbortSignal) => callApi(auditApi.mine, { signal });

export const myEventsQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.mine(),
    queryFn: ({ signal }) => getMyEvents(signal),
    // A login elsewhere or a change just made should show when the profile opens again.
    staleTime: 0,
  });

export const useMyEvents = () => useQuery(myEventsQueryOptions());
