import { type Invitation, invitationsApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';

/** `GET /api/invite`: the invitations addressed to the caller, each with its workspace. */
export async function getMyInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const page = await callApi(invitationsApi.list, { signal });
  return page.results;
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: ['invitations', 'mine'], queryFn: ({ signal }) => getMyInvitations(signal) });

export const useMyInvitations = () => useQuery(myInvitationsQueryOptions());
