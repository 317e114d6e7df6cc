import { type Invitation, invitationsApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { invitationKeys } from './invitation-keys';

/** `GET /api/invite`: the invitations addressed to the caller, each with its workspace; every page. */
export function getMyInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return allPages((paging) => callApi(invitationsApi.list, { query: paging, signal }));
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationKeys.mine(), queryFn: ({ signal }) => getMyInvitations(signal) });

/** `enabled: false` asks nothing: e.g. only someone without an account is told about their invitations. */
export const useMyInvitations = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...myInvitationsQueryOptions(), enabled });
