import { type Invitation, invitationsApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { invitationKeys } from './invitation-keys';

/** `GET /api/invite?workspace={id}`: one workspace's invitations, for its admin and editors; every page. */
export function getWorkspaceInvitations(workspace: number, signal?: AbortSignal): Promise<Invitation[]> {
  return allPages((paging) => callApi(invitationsApi.list, { query: { workspace, ...paging }, signal }));
}

export const workspaceInvitationsQueryOptions = (workspace: number) =>
  queryOptions({
    queryKey: invitationKeys.workspace(workspace),
    queryFn: ({ signal }) => getWorkspaceInvitations(workspace, signal),
  });

export const useWorkspaceInvitations = (workspace: number) =>
  useQuery(workspaceInvitationsQueryOptions(workspace));
