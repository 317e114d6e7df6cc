import { type UserGroupMember, userGroupsApi } from '@geows/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../api/all-pages';
import { callApi } from '../../../api/client';
import { userGroupKeys } from './user-group-keys';

/** `GET /api/userGroup/{id}/members`: `{id, user, email, username}`; `user` null while pending. Every page. */
export function getMembers(id: number, signal?: AbortSignal): Promise<UserGroupMember[]> {
  return allPages((paging) => callApi(userGroupsApi.members, { params: { id }, query: paging, signal }));
}

export const membersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userGroupKeys.members(id),
    queryFn: ({ signal }) => getMembers(id, signal),
    staleTime: 0,
  });

export const useMembers = (id: number | undefined) =>
  useQuery({ ...membersQueryOptions(id ?? 0), enabled: id !== undefined });
